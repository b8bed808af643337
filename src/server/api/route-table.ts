// The server's side of the route table (src/schemas/api-routes.ts): a route's JSON body is validated
// with the schema the table names for it, so the body the browser is typed to send and the one the
// server accepts are one declaration. Each handler's answer is checked against the same table where
// it is built (`c.json(x satisfies Answer<'GET /users/me'>)`).
import type { Context } from 'hono';
import { ROUTE_BODIES, type CheckedBody, type JsonBodyRoute } from '../../schemas/api-routes.ts';
import { validate } from './errors.ts';

export type { Answer } from '../../schemas/api-routes.ts';

/** `data` checked by the schema of `route`'s body, or a 400 invalid_body listing every field. */
export function checkBody<K extends JsonBodyRoute>(route: K, data: unknown): CheckedBody<K> {
  // One schema per key; TypeScript cannot follow a generic key into the map's union of schemas.
  return validate(ROUTE_BODIES[route] as (data: unknown) => unknown, data, 'body') as CheckedBody<K>;
}

/** The request's JSON body checked by the schema of `route` (a malformed JSON is 400 invalid_json, app.ts). */
export async function routeBody<K extends JsonBodyRoute>(c: Context, route: K): Promise<CheckedBody<K>> {
  return checkBody(route, await c.req.json());
}
