// Calls to the Open Delivery routes as an establishment's POS makes them, every answer checked
// against the official document (tests/helpers/open-delivery-document.ts) before the test reads it.
import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/database.ts';
import { createOdClient } from '../../../src/server/open-delivery/clients.ts';
import { answerProblems, odSchemaValidator, problems } from '../../helpers/open-delivery-document.ts';
import type { OdEvent } from '../../../src/schemas/open-delivery.ts';

export const OD_BASE = '/api/open-delivery';

export interface OdAnswer {
  status: number;
  body: unknown;
  text: string;
}

/** Any `fetch`-shaped caller: the app's own request (in process) or real HTTP. */
export type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

/** The document's path template of a concrete path ('/v1/orders/<uuid>/confirm' -> '/v1/orders/{orderId}/confirm'). */
export function templateOf(path: string): string {
  const bare = path.replace(OD_BASE, '').split('?')[0]!;
  return bare.replace(/^\/v1\/orders\/[^/]+/, '/v1/orders/{orderId}');
}

const eventValidator = odSchemaValidator('Event');
const cancelEventValidator = odSchemaValidator('EventMetadataCancel');

/** Every event checked against Event, and the cancellation ones against EventMetadataCancel (the discriminator's mapping). */
export function expectValidEvents(events: OdEvent[]): void {
  for (const e of events) {
    expect(problems(eventValidator, e), JSON.stringify(e)).toEqual([]);
    if (e.eventType.startsWith('CANCEL') || e.eventType.includes('CANCELLATION')) expect(problems(cancelEventValidator, e), JSON.stringify(e)).toEqual([]);
  }
}

/** One call; the answer must be one the document declares for the route, with its body's schema. */
export async function odCall(
  fetcher: Fetcher,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; form?: Record<string, string>; raw?: string } = {},
): Promise<OdAnswer> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.raw !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = opts.raw;
  }
  const res = await fetcher(`${OD_BASE}${path}`, { method, headers, body });
  const text = await res.text();
  const template = templateOf(path);
  expect(answerProblems(method, template, res.status, res.headers.get('content-type'), text), `${method} ${path} ${res.status} ${text}`).toEqual([]);
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (template === '/v1/events:polling' && res.status === 200) expectValidEvents(parsed as OdEvent[]);
  return { status: res.status, body: parsed, text };
}

/** A new client of the establishment and a token for it. */
export async function odClientWithToken(
  db: Database,
  fetcher: Fetcher,
  establishmentId: string,
  now: Date,
): Promise<{ clientId: string; secret: string; token: string }> {
  const { clientId, clientSecret } = await createOdClient(db, establishmentId, now);
  const res = await odCall(fetcher, 'POST', '/oauth/token', { form: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' } });
  expect(res.status).toBe(200);
  return { clientId, secret: clientSecret, token: (res.body as { access_token: string }).access_token };
}
