// Every API error is JSON { message: <machine code> } with an explicit status; validation errors
// add the offending field paths, business refusals their parameters (src/schemas/api-errors.ts).
// Routes throw ApiError with a status; services throw a Refusal (src/server/services/refusal.ts),
// whose kind is mapped to a status here, once. Islands translate the codes.
import type { Context } from 'hono';
import { type } from 'arktype';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorParams, FieldProblem } from '../../schemas/api-errors.ts';
import type { RefusalCode } from '../../schemas/refusal-codes.ts';
import { Refusal, type RefusalKind } from '../services/refusal.ts';

export type { FieldProblem } from '../../schemas/api-errors.ts';

export class ApiError extends Error {
  status: ContentfulStatusCode;
  code: RefusalCode;
  fields?: FieldProblem[];
  params?: ErrorParams;
  /** Adds Retry-After to the answer. */
  retryAfterSeconds?: number;
  constructor(status: ContentfulStatusCode, code: RefusalCode, fields?: FieldProblem[]) {
    super(code);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The status of each kind of refusal. */
export const REFUSAL_STATUS: Readonly<Record<RefusalKind, ContentfulStatusCode>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  too_many: 429,
  upstream_failed: 502,
};

/** A service's refusal as the API answers it. */
export function fromRefusal(refusal: Refusal): ApiError {
  const err = new ApiError(REFUSAL_STATUS[refusal.kind], refusal.code, refusal.fields);
  err.params = refusal.params;
  err.retryAfterSeconds = refusal.retryAfterSeconds;
  return err;
}

type ArkProblem = InstanceType<typeof type.errors>[number];

/**
 * What a field must be, in arktype's words but without the '(was …)' arktype adds: that part is the
 * value sent (a card number, a CVV, a password, a code) or a fact about it (its length), and an
 * answer, or a log of it, must never carry either. A union's problem is its branches', each
 * rebuilt the same way; a description that still holds '(was' is not used at all.
 */
function problemText(e: ArkProblem): string {
  if (e.code === 'union' && 'errors' in e && Array.isArray(e.errors)) return (e.errors as ArkProblem[]).map(problemText).join(' or ');
  const subject = e.propString || 'value';
  const expected = typeof e.expected === 'string' && !e.expected.includes('(was') ? e.expected : null;
  return expected ? `${subject} must be ${expected}` : `${subject} is not valid`;
}

/** Every problem of a refused body, query or path: where, arktype's code, and what it must be (never what it was). */
export function fieldProblems(errors: InstanceType<typeof type.errors>): FieldProblem[] {
  return [...errors].map((e) => ({ path: e.propString || '(root)', code: e.code, message: problemText(e) }));
}

/** Validates `data` with an arktype schema or throws a 400 'invalid_<where>' ApiError listing every field. */
export function validate<T>(schema: (data: unknown) => T | InstanceType<typeof type.errors>, data: unknown, where: 'body' | 'query' | 'params'): T {
  const out = schema(data);
  if (out instanceof type.errors) throw new ApiError(400, `invalid_${where}`, fieldProblems(out));
  return out as T;
}

export function errorResponse(c: Context, err: ApiError | Refusal) {
  const api = err instanceof Refusal ? fromRefusal(err) : err;
  const body: ErrorBody = { message: api.code };
  if (api.params) body.params = api.params;
  if (api.fields) body.fields = api.fields;
  if (api.retryAfterSeconds !== undefined) c.header('Retry-After', String(api.retryAfterSeconds));
  return c.json(body, api.status);
}
