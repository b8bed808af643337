import { defineConfig } from 'vitest/config';

// Two projects so the fast pure-domain suite can run alone (`--project unit`)
// while the API suite, which shares one database, runs its files one at a time. Both run in the
// demo mode (VITRINE_MODE=demo: sandboxes and outboxes by default); a test of production sets its own.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          env: { VITRINE_MODE: 'demo' },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { VITRINE_MODE: 'demo' },
          fileParallelism: false,
          testTimeout: 20000,
        },
      },
    ],
  },
});
