// What every route reads before it acts, in one module the routes share instead of importing
// each other: the request's dependencies, the active establishment a route names, the caller's
// session (bearer token or the establishment's cookie) with its cookies, and the establishment's
// API key. Everything here is HTTP (headers, cookies, statuses); the rules behind it are the
// services' (src/server/services/session.ts, establishment-keys.ts).
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { getEstablishment } from '../db/catalogue-repo.ts';
import { defaultStorage, type ImageStorage } from '../adapters/image-storage.ts';
import type { WhatsAppSender } from '../adapters/whatsapp.ts';
import { SESSION_SECONDS, hashToken } from '../services/auth.ts';
import { companyOfEstablishment, lookupSession, type CurrentSession } from '../services/session.ts';
import { establishmentOfKey } from '../services/establishment-keys.ts';
import { STAFF_SESSION_SECONDS, actorOf, lookupStaffSession, type StaffActor } from '../services/staff.ts';
import { may, type StaffPermission } from '../../domain/staff-permissions.ts';
import type { StaffMemberRow } from '../db/types.ts';
import type { EstablishmentView } from '../../schemas/views.ts';
import { CALLER_HEADER, ESTABLISHMENT_HEADER, STAFF_CALLER } from '../../schemas/api-headers.ts';
import { hintCookieName, sessionCookieName, staffCookieName } from '../../schemas/session-cookies.ts';
import type { ApiEnv } from './env.ts';
import { ApiError } from './errors.ts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import { arrivedOverTls, clientAddress, type RequestOrigin } from '../client-address.ts';

export type { CurrentSession } from '../services/session.ts';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What a route works with: the database, the request's clock reading, whether cookies are Secure, where photos go, where WhatsApp messages go. */
export function requestDeps(c: Context<ApiEnv>): { db: Database; now: Date; secure: boolean; storage: ImageStorage; whatsApp: WhatsAppSender } {
  const deps = c.get('deps');
  return {
    db: deps.db,
    now: deps.now(),
    // Secure in production always, and wherever the browser's leg was TLS (a trusted proxy says so).
    secure: deps.secureCookies ?? (config.production || requestOverTls(c)),
    storage: deps.imageStorage ?? defaultStorage(),
    whatsApp: deps.whatsApp,
  };
}

// ---------------------------------------------------------------- the client

/** The socket and forwarding headers of a request (@hono/node-server puts the IncomingMessage in c.env.incoming; none in-process). */
function requestOrigin(c: Context): RequestOrigin {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } } | undefined)?.incoming;
  return {
    remoteAddress: incoming?.socket?.remoteAddress,
    encrypted: incoming?.socket?.encrypted === true,
    forwardedFor: c.req.header('x-forwarded-for'),
    forwardedProto: c.req.header('x-forwarded-proto'),
  };
}

/** The caller's address for the per-address limits (src/server/client-address.ts: X-Forwarded-For only from a trusted proxy). */
export function requestClientAddress(c: Context): string {
  return clientAddress(requestOrigin(c));
}

/** Whether the browser's leg of this request was TLS (cookies then get Secure). */
export function requestOverTls(c: Context): boolean {
  return arrivedOverTls(requestOrigin(c));
}

// ---------------------------------------------------------------- the establishment

/** The active establishment with this id, or a 404 establishment_not_found (unknown and inactive alike); through `cache` when given. */
export async function requireEstablishment(db: Database, id: string, cache?: CatalogueCache): Promise<EstablishmentView> {
  const est = cache ? await cache.establishment(id, () => getEstablishment(db, { id })) : await getEstablishment(db, { id });
  if (!est?.active) throw new ApiError(404, 'establishment_not_found');
  return est;
}

// ---------------------------------------------------------------- the session

function cookieOptions(secure: boolean, maxAge: number, httpOnly: boolean): CookieOptions {
  return { path: '/', httpOnly, sameSite: 'Lax', secure, maxAge };
}

/** Sets sid_<id> (HttpOnly) and the hint sf_auth_<id>=1, both for 30 days (docs/architecture.md 'Sessions'). */
export function setSessionCookies(c: Context, establishmentId: string, token: string, secure: boolean): void {
  setCookie(c, sessionCookieName(establishmentId), token, cookieOptions(secure, SESSION_SECONDS, true));
  setCookie(c, hintCookieName(establishmentId), '1', cookieOptions(secure, SESSION_SECONDS, false));
}

/** Expires both cookies (Max-Age=0, same attributes). */
export function clearSessionCookies(c: Context, establishmentId: string, secure: boolean): void {
  deleteCookie(c, sessionCookieName(establishmentId), cookieOptions(secure, 0, true));
  deleteCookie(c, hintCookieName(establishmentId), cookieOptions(secure, 0, false));
}

function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
}

/**
 * The caller's session or 401 unauthorized. The bearer token wins; otherwise the cookie
 * sid_<establishmentId> is read, where the establishment is `establishmentId` (the call's own, e.g.
 * logout's body) or the Establishment-Id header. Whenever an establishment is named, it must
 * exist and belong to the user's company. A 401 for a stale cookie also expires the cookies
 * (scripts cannot remove an HttpOnly cookie themselves).
 */
export async function requireSession(c: Context, opts: { db: Database; now: Date; secure?: boolean; establishmentId?: string }): Promise<CurrentSession> {
  const { db, now } = opts;
  const named = opts.establishmentId ?? c.req.header(ESTABLISHMENT_HEADER)?.trim();
  let companyId: string | undefined;
  if (named !== undefined && named !== '') {
    if (!ID.test(named)) throw new ApiError(401, 'unauthorized');
    companyId = await companyOfEstablishment(db, named);
    if (companyId === undefined) throw new ApiError(401, 'unauthorized');
  }
  const bearer = bearerToken(c);
  if (bearer !== undefined) {
    const found = bearer ? await lookupSession(db, bearer, now, companyId) : undefined;
    if (!found) throw new ApiError(401, 'unauthorized');
    return { token: bearer, tokenHash: hashToken(bearer), ...found, via: 'bearer' };
  }
  if (companyId === undefined) throw new ApiError(401, 'unauthorized');
  const token = getCookie(c, sessionCookieName(named!));
  const found = token ? await lookupSession(db, token, now, companyId) : undefined;
  if (!token || !found) {
    if (token !== undefined || getCookie(c, hintCookieName(named!)) !== undefined)
      clearSessionCookies(c, named!, opts.secure ?? (config.production || requestOverTls(c)));
    throw new ApiError(401, 'unauthorized');
  }
  return { token, tokenHash: hashToken(token), ...found, via: 'cookie' };
}

// ---------------------------------------------------------------- the establishment's API key

/** The key a request carries (`Authorization: ApiKey <key>` or `X-Api-Key`), '' for a malformed one, undefined when none. */
export function requestApiKey(c: Context): string | undefined {
  const header = c.req.header('x-api-key');
  if (header !== undefined) return header.trim();
  const auth = c.req.header('authorization');
  if (auth === undefined) return undefined;
  const m = /^ApiKey\s+(\S+)\s*$/i.exec(auth);
  if (m) return m[1];
  return /^ApiKey\b/i.test(auth) ? '' : undefined;
}

// ---------------------------------------------------------------- the staff session

/** Sets staff_sid_<id> (HttpOnly, SameSite=Lax, Secure as the customer's) for the staff session's days. */
export function setStaffCookie(c: Context, establishmentId: string, token: string, secure: boolean): void {
  setCookie(c, staffCookieName(establishmentId), token, cookieOptions(secure, STAFF_SESSION_SECONDS, true));
}

export function clearStaffCookie(c: Context, establishmentId: string, secure: boolean): void {
  deleteCookie(c, staffCookieName(establishmentId), cookieOptions(secure, 0, true));
}

export interface CurrentStaffSession {
  tokenHash: string;
  member: StaffMemberRow;
  actor: StaffActor;
}

/**
 * The staff session of `establishmentId` from its cookie staff_sid_<id>, or 401
 * staff_session_required (its own code, so a page's customer session is not ended by it); a valid
 * session of another establishment is 403 staff_not_allowed. Only the cookie: a staff session is
 * the panel's, in a browser. A stale cookie is expired.
 */
export async function requireStaffSession(c: Context<ApiEnv>, establishmentId: string): Promise<CurrentStaffSession> {
  const { db, now, secure } = requestDeps(c);
  if (!ID.test(establishmentId)) throw new ApiError(401, 'staff_session_required');
  const token = getCookie(c, staffCookieName(establishmentId));
  const found = token ? await lookupStaffSession(db, token, now) : undefined;
  if (!token || !found) {
    if (token !== undefined) clearStaffCookie(c, establishmentId, secure);
    throw new ApiError(401, 'staff_session_required');
  }
  if (found.session.establishment_id !== establishmentId || found.member.establishment_id !== establishmentId) throw new ApiError(403, 'staff_not_allowed');
  return { tokenHash: found.session.token_hash, member: found.member, actor: actorOf(found.member) };
}

/**
 * The establishment's routes a staff session may call, with what the member's role must allow
 * (src/domain/staff-permissions.ts). A route not here answers a staff session 403
 * staff_not_allowed: what the panel may reach is listed in one place.
 */
const STAFF_ROUTES: Readonly<Record<string, StaffPermission>> = {
  'GET /establishments/:id/orders': 'orders.read',
  'GET /establishments/:id/orders/:orderId': 'orders.read',
  'PUT /establishments/:id/orders/:orderId/status': 'orders.move',
  'GET /establishments/:id/order-board': 'orders.read',
  'PUT /establishments/:id/opening': 'store.open_close',
  'PUT /establishments/:id/slot-capacity': 'settings.edit',
  'PUT /establishments/:id/analytics': 'settings.edit',
  'GET /establishments/:id/coupons': 'coupons.edit',
  'PUT /establishments/:id/coupons/:couponId': 'coupons.edit',
  'GET /establishments/:id/problem-reports': 'feedback.read',
  'GET /establishments/:id/suggestions': 'feedback.read',
  'PUT /establishments/:id/products/:productId': 'menu.edit',
  'PUT /establishments/:id/products/:productId/picture': 'menu.edit',
  'PUT /establishments/:id/products/:productId/sold-out': 'availability.edit',
  'PUT /establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out': 'availability.edit',
  'GET /establishments/:id/open-delivery/credentials': 'open_delivery.manage',
  'POST /establishments/:id/open-delivery/credentials': 'open_delivery.manage',
  'DELETE /establishments/:id/open-delivery/credentials/:clientId': 'open_delivery.manage',
  'GET /establishments/:id/tables': 'tables.read',
  'POST /establishments/:id/tables': 'tables.edit',
  'DELETE /establishments/:id/tables/:number': 'tables.edit',
  'POST /establishments/:id/tables/:number/key': 'tables.edit',
  'POST /establishments/:id/tables/:number/close': 'orders.move',
};

/** The route a handler runs for, as STAFF_ROUTES names it: 'PUT /establishments/:id/opening'. */
function routeKeyOf(c: Context): string {
  return `${c.req.method} ${c.req.routePath.replace(/^\/api(?=\/)/, '')}`;
}

/**
 * The caller of an establishment's routes: the establishment itself (its API key, or a staff
 * session of it) or a customer (session). `staff` is the member when a staff session calls.
 */
export type Caller = { kind: 'establishment'; establishmentId: string; staff?: StaffActor } | { kind: 'customer'; userId: string };

/**
 * Who calls a route of `establishmentId`: with an API key, the establishment it belongs to, which must
 * be that one (401 invalid_api_key otherwise); with `Caller: staff`, a staff session of that
 * establishment (401 staff_session_required) whose role allows the route (403 staff_not_allowed);
 * otherwise the customer's session (401 unauthorized). A staff session never stands for a customer
 * nor a customer's for staff: separate tables, cookies and header.
 */
export async function requireCaller(c: Context<ApiEnv>, establishmentId: string): Promise<Caller> {
  const { db, now, secure } = requestDeps(c);
  const key = requestApiKey(c);
  if (key !== undefined) {
    const owner = key ? await establishmentOfKey(db, key) : undefined;
    if (!owner || owner !== establishmentId) throw new ApiError(401, 'invalid_api_key');
    return { kind: 'establishment', establishmentId: owner };
  }
  if (c.req.header(CALLER_HEADER)?.trim().toLowerCase() === STAFF_CALLER) {
    const { actor } = await requireStaffSession(c, establishmentId);
    const permission = STAFF_ROUTES[routeKeyOf(c)];
    if (!permission || !may(actor.role, permission)) throw new ApiError(403, 'staff_not_allowed');
    return { kind: 'establishment', establishmentId, staff: actor };
  }
  const { user } = await requireSession(c, { db, now, secure, establishmentId });
  return { kind: 'customer', userId: user.id };
}

/** The establishment's own caller (its API key or a staff session the route allows); a customer's session is 403 establishment_key_required. */
export async function requireEstablishmentCaller(c: Context<ApiEnv>, establishmentId: string): Promise<Extract<Caller, { kind: 'establishment' }>> {
  const caller = await requireCaller(c, establishmentId);
  if (caller.kind !== 'establishment') throw new ApiError(403, 'establishment_key_required');
  return caller;
}

// ---------------------------------------------------------------- form posts

/**
 * Refuses a browser form post that did not come from this server's own pages (403
 * cross_site_form): the form posts carry no Client-Type header, the API's CSRF guard, so they
 * answer only when Sec-Fetch-Site says same-origin or the Origin is this server's (its host and
 * port are the ones the request was sent to; the scheme is not compared, as TLS may end at a proxy
 * in front of the server). A post carrying neither, or 'Origin: null', is refused too.
 */
export function requireSameOrigin(c: Context): void {
  if (c.req.header('sec-fetch-site') === 'same-origin') return;
  const origin = c.req.header('origin');
  if (origin && origin !== 'null' && URL.canParse(origin)) {
    const from = new URL(origin);
    if ((from.protocol === 'https:' || from.protocol === 'http:') && from.host === new URL(c.req.url).host) return;
  }
  throw new ApiError(403, 'cross_site_form');
}
