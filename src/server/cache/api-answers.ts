// The catalogue routes' one way to answer through the server's catalogue cache: the same JSON as
// c.json(), made once per catalogue change and sent in the coding the client accepts, or a 304.
// Without a cache (the API's tests build apps without one) the answer is computed as before.
import type { Context } from 'hono';
import type { ApiEnv } from '../api/env.ts';
import type { EstablishmentView } from '../../schemas/views.ts';
import { type AnswerOptions, heldAnswerResponse } from './catalogue-cache.ts';

export async function catalogueAnswer(
  c: Context<ApiEnv>,
  est: Pick<EstablishmentView, '_id' | 'slug_area'>,
  key: string,
  compute: () => Promise<unknown> | unknown,
  opts?: AnswerOptions,
): Promise<Response> {
  const { catalogueCache } = c.get('deps');
  if (!catalogueCache) return c.json(await compute());
  const answer = await catalogueCache.answer(est, key, compute, opts);
  return heldAnswerResponse(answer, c.req.header('accept-encoding'), c.req.header('if-none-match'));
}

/**
 * c.json() with its Content-Length declared: the API's `compression` layer decides when the
 * headers are written and, without a declared length, compresses even a 100-byte answer (a
 * brotli stream per request costs more than the rest of a small call). For answers that change
 * per request and so cannot be held (the server clock).
 */
export function jsonWithLength(value: unknown): Response {
  const body = JSON.stringify(value);
  // A Response with plain headers, as heldAnswerResponse makes: @hono/node-server writes those as they are.
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } });
}
