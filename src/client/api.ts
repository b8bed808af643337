// The browser's one way to call the API: every call carries Client-Type and Api-Version
// the establishment whose session cookie applies, and, when one is held, an
// Idempotent-Key. Errors come back as ApiFailure with the status and the machine code; what
// the customer sees of them is decided by islands/shared/call-failure.ts, except a 401 that ends
// the session, which goes to the session's handler (src/client/session.ts guardSession).

import type { ErrorBody, ErrorParams, FieldProblem } from '../schemas/api-errors.ts';
import { API_HEADERS, ESTABLISHMENT_HEADER, IDEMPOTENCY_HEADER } from '../schemas/api-headers.ts';

/** A refused call: the status and the answer's code, fields and params (src/schemas/api-errors.ts ErrorBody). */
export class ApiFailure extends Error {
  status: number;
  code: string;
  fields?: FieldProblem[];
  params?: ErrorParams;
  constructor(status: number, code: string, fields?: FieldProblem[], params?: ErrorParams) {
    super(code);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.params = params;
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  establishmentId?: string;
  idempotentKey?: string;
  signal?: AbortSignal;
  /**
   * The caller handles a 401 itself instead of the unauthorized handler: the start-of-page load of
   * the current user (its 401 ends the session without leaving the page) and the logout.
   */
  handlesUnauthorized?: boolean;
}

type UnauthorizedHandler = (failure: ApiFailure) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Who handles a 401 on a user-scoped call (the session module: end it, go to the account page ). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/**
 * Whether a failure says the session is gone: 401 'unauthorized' (docs/api.md 'Sessions and
 * cookies'). A 401 with another code is the answer of the call itself (a wrong password is
 * 'invalid_credentials', a bad handover code 'invalid_handover'), not the end of a session.
 */
export function endsSession(failure: Pick<ApiFailure, 'status' | 'code'>): boolean {
  return failure.status === 401 && failure.code === 'unauthorized';
}

/** Hands a session-ending failure to the handler: api() does it, and so must a call made with fetch itself. */
export function reportUnauthorized(failure: ApiFailure): void {
  if (endsSession(failure)) onUnauthorized?.(failure);
}

/** GET/POST/... /api<path>; resolves to the parsed JSON (undefined for 204), rejects with ApiFailure. */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...API_HEADERS, Accept: 'application/json' };
  if (options.establishmentId) headers[ESTABLISHMENT_HEADER] = options.establishmentId;
  if (options.idempotentKey) headers[IDEMPOTENCY_HEADER] = options.idempotentKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: options.method ?? 'GET', headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiFailure(0, 'network_error');
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (!res.ok) {
    const failure = new ApiFailure(res.status, data?.message ?? 'unknown_error', data?.fields, data?.params);
    if (!options.handlesUnauthorized) reportUnauthorized(failure);
    throw failure;
  }
  return data as T;
}
