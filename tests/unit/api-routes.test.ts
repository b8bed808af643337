// The route table (src/schemas/api-routes.ts) is what makes a changed route break the build of its
// callers: proven here by compiling calls that do not fit their route and expecting the type
// checker's errors, each on its line. And the browser takes only types from the table, whose
// schemas (arktype) must not reach a page's JS.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeErrors } from './helpers/type-errors.ts';

const root = new URL('../../', import.meta.url).pathname;

describe('the route table', () => {
  it('fails the build of a call whose body, answer, params or route do not match the table, and of a handler whose answer does not', () => {
    const errors = typeErrors([
      `import { call } from '${root}src/client/api.ts';`,
      `import type { Answer } from '${root}src/schemas/api-routes.ts';`,
      `export async function fits() {`,
      `  const me = await call('PUT /users/me', { body: { name: 'Ana Maria' }, establishmentId: 'e1' });`,
      `  const page = await call('GET /establishments/:id/products', { params: { id: 'e1' }, query: { limit: 12, fields: ['name'] } });`,
      `  return [me.name, page.items[0]?.name, (await call('GET /users/me/credits')).value + 1] as const;`,
      `}`,
      `export async function doesNotFit() {`,
      `  await call('PUT /users/me', { body: { nome: 'Ana Maria' } });`,
      `  const user: { name: string } = await call('GET /users/me/credits');`,
      `  await call('PUT /users/me/addresses/:id/default', { establishmentId: 'e1' });`,
      `  await call('GET /users/me/nothing', {});`,
      `  const page = await call('GET /establishments/:id/products', { params: { id: 'e1' }, query: { fields: ['name'] } });`,
      `  return [user, page.items[0]?.price];`,
      `}`,
      `export const handler = { _id: 'u1', name: 'Ana' } satisfies Answer<'GET /users/me'>;`,
    ]);
    expect(errors).toHaveLength(6);
    expect(errors[0]).toMatch(/^9: Object literal may only specify known properties, and 'nome' does not exist in type/);
    expect(errors[1]).toMatch(/^10: Property 'name' is missing in type 'CreditsAnswer' but required in type '\{ name: string; \}'/);
    expect(errors[2]).toMatch(/^11: .*Property 'params' is missing in type/);
    expect(errors[3]).toMatch(/^12: Argument of type '"GET \/users\/me\/nothing"' is not assignable to parameter of type 'keyof ApiRoutes'/);
    expect(errors[4]).toMatch(/^14: Property 'price' does not exist on type 'Pick<ProductView, "name" \| "_id">'/);
    expect(errors[5]).toMatch(/^16: Type '\{ _id: string; name: string; \}' does not satisfy the expected type 'UserView'/);
  }, 120_000);

  it('reaches the browser as types only: no page script imports a value of it', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(entry.name) && /^import(?!\s+type\b)[^;]*from '[^']*api-routes\.ts'/m.test(readFileSync(join(root, path), 'utf8')))
          offenders.push(path);
      }
    };
    for (const dir of ['islands', 'src/client', 'src/page-scripts', 'src/components']) walk(dir);
    expect(offenders).toEqual([]);
  });
});
