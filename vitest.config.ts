import { defineConfig } from 'vitest/config';

// Two projects so the fast pure-domain suite can run alone (`--project unit`)
// while the API suite, which shares one database, runs its files one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 20000,
        },
      },
    ],
  },
});
