// The browser's one way to call the API: `call(route, ...)` takes a route of the table
// (src/schemas/api-routes.ts), so its params, query, body and answer are the route's own and a
// changed route breaks the build of its callers. Every call carries Client-Type and Api-Version
// the establishment whose session cookie applies, and, when one is held, an
// Idempotent-Key. Errors come back as ApiFailure with the status and the machine code; what
// the customer sees of them is decided by islands/shared/call-failure.ts, except a 401 that ends
// the session, which goes to the session's handler (src/client/session.ts guardSession).

import type { ErrorBody, ErrorParams, FieldProblem } from '../schemas/api-errors.ts';
import { API_HEADERS, CALLER_HEADER, ESTABLISHMENT_HEADER, IDEMPOTENCY_HEADER, STAFF_CALLER } from '../schemas/api-headers.ts';
// Types only: the table's schemas (arktype) must not enter the pages' JS.
import type { AnswerTo, Body, ParamName, Params, Query, RouteKey } from '../schemas/api-routes.ts';

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

/** What every call may carry besides its route's own params, query and body. */
export interface CallOptions {
  establishmentId?: string;
  /** The call acts as the establishment through the panel's staff session (`Caller: staff`), not as a customer. */
  staff?: boolean;
  idempotentKey?: string;
  signal?: AbortSignal;
  /** The browser cache's part (fetch's `cache`): 'no-cache' asks the server again for an answer it may keep a while. */
  cache?: RequestCache;
  /**
   * The caller handles a 401 itself instead of the unauthorized handler: the start-of-page load of
   * the current user (its 401 ends the session without leaving the page) and the logout.
   */
  handlesUnauthorized?: boolean;
}

/** A route's own part of a call: its path params, its query and its body, each required when the route has it (src/schemas/api-routes.ts). */
type RouteParts<K extends RouteKey, Q> = ([ParamName<K>] extends [never] ? { params?: never } : { params: Params<K> }) &
  ([Body<K>] extends [never] ? { body?: never } : { body: Body<K> }) &
  ([Query<K>] extends [never] ? { query?: never } : { query?: Q & Query<K> });

export type RouteCall<K extends RouteKey, Q = Query<K>> = CallOptions & RouteParts<K, Q>;

/** The options argument, optional when the route needs neither params nor a body. */
type CallArgs<K extends RouteKey, Q> = [ParamName<K> | Body<K>] extends [never] ? [options?: RouteCall<K, Q>] : [options: RouteCall<K, Q>];

/** The path of a route with its params filled in (each URI-encoded) and its query appended (a list comma-joined). */
export function routePath<K extends RouteKey>(route: K, params?: Params<K>, query?: Query<K>): string {
  // URLSearchParams writes each value as a string: a number, a boolean, a list comma-joined.
  const search = `${new URLSearchParams(Object.entries(query ?? {}).filter((entry) => entry[1] !== undefined) as string[][])}`;
  const path = route.split(' ')[1]!.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]!));
  return search ? `${path}?${search}` : path;
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

/** Hands a session-ending failure to the handler: call() does it, and so must a call made with fetch itself. */
export function reportUnauthorized(failure: ApiFailure): void {
  if (endsSession(failure)) onUnauthorized?.(failure);
}

/**
 * Calls a route of the table: `call('PUT /users/me', { body, establishmentId })`. Resolves to the
 * route's answer (undefined for 204), rejects with ApiFailure.
 */
export async function call<K extends RouteKey, const Q = Query<K>>(route: K, ...[options = {} as RouteCall<K, Q>]: CallArgs<K, Q>): Promise<AnswerTo<K, Q>> {
  const { params, query, body: sent } = options as { params?: Params<K>; query?: Query<K>; body?: unknown };
  const headers: Record<string, string> = { ...API_HEADERS, Accept: 'application/json' };
  if (options.establishmentId) headers[ESTABLISHMENT_HEADER] = options.establishmentId;
  if (options.idempotentKey) headers[IDEMPOTENCY_HEADER] = options.idempotentKey;
  if (options.staff) headers[CALLER_HEADER] = STAFF_CALLER;
  let body: BodyInit | undefined;
  if (sent instanceof FormData) body = sent;
  else if (sent !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(sent);
  }
  let res: Response;
  try {
    res = await fetch(`/api${routePath(route, params, query)}`, {
      method: route.split(' ')[0],
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
      cache: options.cache,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiFailure(0, 'network_error');
  }
  // The table says which routes answer 204: their answer type is undefined.
  if (res.status === 204) return undefined as AnswerTo<K, Q>;
  const data = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (!res.ok) {
    const failure = new ApiFailure(res.status, data?.message ?? 'unknown_error', data?.fields, data?.params);
    if (!options.handlesUnauthorized) reportUnauthorized(failure);
    throw failure;
  }
  // The answer is the route's (the server checks its own against the same table) and is not checked again here.
  return data as AnswerTo<K, Q>;
}
