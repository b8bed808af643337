// What a service throws when it refuses a request: a machine code (one of src/schemas/refusal-codes.ts), its parameters or
// field problems, and what kind of refusal it is. Services know nothing of HTTP; the API layer
// (src/server/api/errors.ts) turns the kind into a status and the rest into the answer
// `{ message: code, params?, fields? }` (and a Retry-After when the refusal says when to come back).
import type { ErrorParams, FieldProblem } from '../../schemas/api-errors.ts';
import type { RefusalCode } from '../../schemas/refusal-codes.ts';

export type RefusalKind =
  /** The request is malformed or breaks a field rule. */
  | 'invalid'
  /** No valid credentials (session, password, API key). */
  | 'unauthenticated'
  /** The caller may not do this (banned, unavailable, not offered). */
  | 'forbidden'
  | 'not_found'
  /** It collides with the current state (taken, in flight, concurrent change). */
  | 'conflict'
  /** Well formed, but a business rule refuses it (the submit checks). */
  | 'unprocessable'
  | 'too_many'
  /** A provider the request needs (SMS, e-mail) refused or did not answer. */
  | 'upstream_failed'
  | 'too_large'
  | 'unsupported';

export class Refusal extends Error {
  kind: RefusalKind;
  code: RefusalCode;
  params?: ErrorParams;
  fields?: FieldProblem[];
  /** Seconds after which the same request may succeed (a rate limit, a request still in flight). */
  retryAfterSeconds?: number;
  constructor(kind: RefusalKind, code: RefusalCode, details: { params?: ErrorParams; fields?: FieldProblem[]; retryAfterSeconds?: number } = {}) {
    super(code);
    this.kind = kind;
    this.code = code;
    this.params = details.params;
    this.fields = details.fields;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** A 400 invalid_body listing every field problem at once. */
export function invalidBody(fields: FieldProblem[]): Refusal {
  return new Refusal('invalid', 'invalid_body', { fields });
}
