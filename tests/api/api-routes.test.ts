// The route table (src/schemas/api-routes.ts) holds every route the browser calls: each route the API
// mounts is either in it or in the list below of those only other clients call, with why. A new
// route the storefront calls fails here until it is in the table (and so typed for its callers and
// checked on the server); a key of the table the server no longer mounts fails too.
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { ROUTE_BODIES, type RouteKey } from '../../src/schemas/api-routes.ts';

/** Every key of the table, spelled out: the type checker refuses a key missing here or not in the table. */
const TABLE: Record<RouteKey, true> = {
  'POST /auth/register': true,
  'POST /auth/login': true,
  'POST /auth/logout': true,
  'POST /auth/exchange': true,
  'GET /users/me': true,
  'PUT /users/me': true,
  'DELETE /users/me': true,
  'GET /users/me/export': true,
  'POST /users/me/photo': true,
  'PUT /users/me/generate_code_validate_phone': true,
  'PUT /users/me/validate_phone': true,
  'PUT /users/me/confirm-phone': true,
  'POST /users/email/validate/create': true,
  'PUT /users/email/validate': true,
  'GET /users/me/addresses': true,
  'POST /users/me/addresses': true,
  'PUT /users/me/addresses/:id': true,
  'PUT /users/me/addresses/:id/default': true,
  'DELETE /users/me/addresses/:id': true,
  'POST /delivery_tax': true,
  'POST /geo/reversegeocode': true,
  'GET /geo/search': true,
  'GET /geo/map-style': true,
  'GET /establishments/:id': true,
  'GET /establishments/:id/products': true,
  'GET /establishments/:id/products/:productId': true,
  'GET /establishments/:id/order-variations': true,
  'POST /establishments/:id/orders': true,
  'GET /establishments/:id/orders': true,
  'GET /establishments/:id/orders/:orderId': true,
  'PUT /establishments/:id/orders/:orderId/status': true,
  'PUT /establishments/:id/orders/:orderId/evaluate': true,
  'GET /establishments/:id/order-board': true,
  'PUT /establishments/:id/opening': true,
  'PUT /establishments/:id/slot-capacity': true,
  'PUT /establishments/:id/analytics': true,
  'GET /establishments/:id/full-slots': true,
  'GET /establishments/:id/tables': true,
  'POST /establishments/:id/tables': true,
  'DELETE /establishments/:id/tables/:number': true,
  'POST /establishments/:id/tables/:number/key': true,
  'POST /establishments/:id/tables/:number/close': true,
  'PUT /establishments/:id/products/:productId': true,
  'PUT /establishments/:id/products/:productId/picture': true,
  'PUT /establishments/:id/products/:productId/sold-out': true,
  'PUT /establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out': true,
  'GET /establishments/:id/coupons': true,
  'PUT /establishments/:id/coupons/:couponId': true,
  'GET /establishments/:id/problem-reports': true,
  'GET /establishments/:id/suggestions': true,
  'GET /orders/:id/whatsapp-updates': true,
  'PATCH /orders/:id/whatsapp-updates': true,
  'GET /amodelivery/whatsapp-bot/:id/status': true,
  'POST /pix': true,
  'GET /orders/:id/pix': true,
  'POST /establishments/:id/coupons/check': true,
  'GET /establishments/:id/achievements': true,
  'GET /users/me/credits': true,
  'GET /users/me/credits/entries': true,
  'GET /users/me/referral': true,
  'POST /establishments/:id/problem-reports': true,
  'POST /establishments/:id/suggestions': true,
  'GET /cards/encryption-key': true,
  'GET /users/me/card-store-key': true,
  'GET /users/me/payment_cards': true,
  'POST /v2/cards/verification': true,
  'DELETE /users/me/payment_cards/:id': true,
  'POST /cards/purchase-verification': true,
  'GET /cards/:id/purchase-verification': true,
  'PUT /cards/verification/:id': true,
  'DELETE /cards/:id/purchase-verification': true,
  'GET /users/me/blacklist': true,
  'POST /staff/login': true,
  'POST /staff/logout': true,
  'POST /staff/invitations/accept': true,
  'GET /establishments/:id/staff/me': true,
  'GET /establishments/:id/staff': true,
  'POST /establishments/:id/staff/invitations': true,
  'GET /establishments/:id/staff/invitations': true,
  'DELETE /establishments/:id/staff/invitations/:invitationId': true,
  'DELETE /establishments/:id/staff/:memberId': true,
  'GET /establishments/:id/open-delivery/credentials': true,
  'POST /establishments/:id/open-delivery/credentials': true,
  'DELETE /establishments/:id/open-delivery/credentials/:clientId': true,
};

/** Mounted routes the storefront's pages never call, and who does. */
const NOT_CALLED_BY_THE_BROWSER: Record<string, string> = {
  'GET /health': 'process managers and the test runner',
  'POST /internal/payment-jobs': 'our own scripts, with the internal token',
  'POST /internal/rerender': 'our own scripts, with the internal token',
  'POST /pix/webhook': "the PSP's webhook, signed",
  'POST /pix/webhook/pix': "the PSP's webhook (the API Pix appends '/pix' to the registered URL)",
  'POST /auth/form/login': "the login form's own post (a page navigation, not a script's call)",
  'POST /auth/form/register': "the registration form's own post (a page navigation, not a script's call)",
  'POST /auth/handover': 'another app, with its bearer token (the page only exchanges the code: POST /auth/exchange)',
  'GET /apps/:slug': 'the spec API (spec section 7) for other apps; the pages get it from the server',
  'GET /domains/:domain': 'the spec API for other apps',
  'GET /establishments': 'the spec API for other apps',
  'GET /datetime': 'the spec API for other apps',
  'GET /establishments/:id/office-hours': 'the spec API for other apps; the pages get it from the server',
  'GET /establishments/:id/discounted-products': 'the spec API for other apps; the pages get it from the server',
  'GET /establishments/:id/categories': 'the spec API for other apps; the pages get it from the server',
  'GET /establishments/:id/categories/:categoryId': 'the spec API for other apps',
  'POST /establishments/:id/feedbacks': "the contact page's plain form",
  'GET /users/me/check-phone': 'the spec API for other apps (the page reads phone_verified from GET /users/me)',
  'GET /users/me/check-email': 'the spec API for other apps (the page reads email_verified from GET /users/me)',
  'GET /establishments/:id/coupons/check': "the spec's GET form of the check, for other apps",
  'POST /establishments/:id/credits': "the establishment's API key",
  'GET /establishments/:id/card-holders/blocked': "the establishment's API key",
  'DELETE /cards/holder-black-list/:id': "the establishment's API key",
  'GET /cards/holder-black-list/:id': "the establishment's API key, or other apps (the page reads GET /users/me/blacklist)",
  'GET /users/:id/cards': "the spec's older form of GET /users/me/payment_cards, for other apps",
  'POST /users/me/payment_cards': "the spec's other forms of POST /v2/cards/verification, for other apps",
  'POST /cards/verification': "the spec's other forms of POST /v2/cards/verification, for other apps",
  'DELETE /users/:userId/cards/:cardId': "the spec's older form of DELETE /users/me/payment_cards/:id, for other apps",
  'PUT /cards/:id/purchase-verification': "the spec's other form of PUT /cards/verification/:id, for other apps",
  'POST /open-delivery/oauth/token': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'GET /open-delivery/v1/:polling{events:polling}': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/events/acknowledgment': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'GET /open-delivery/v1/orders/:orderId': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/orders/:orderId/confirm': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/orders/:orderId/readyForPickup': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/orders/:orderId/dispatch': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/orders/:orderId/delivered': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/orders/:orderId/requestCancellation': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/orders/:orderId/acceptCancellation': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
  'POST /open-delivery/v1/orders/:orderId/denyCancellation': "Open Delivery: the establishment's POS, with its bearer token (docs/open-delivery.md)",
};

describe('the route table', () => {
  it('holds every mounted route the browser calls, and only mounted ones', async () => {
    const { db, engine } = await openDatabase({ databaseUrl: '', sqliteFile: ':memory:' });
    try {
      const app = createApi({ db, engine });
      const mounted = new Set(
        app.routes.filter((r) => r.method !== 'ALL' && !r.path.startsWith('/api/pix-sandbox/')).map((r) => `${r.method} ${r.path.replace(/^\/api/, '')}`),
      );
      const table = Object.keys(TABLE);
      // The sandbox PSP (/api/pix-sandbox/*, demo only) speaks the Banco Central's API to our own Pix client.
      expect([...mounted].filter((r) => !(r in TABLE) && !(r in NOT_CALLED_BY_THE_BROWSER))).toEqual([]);
      expect(table.filter((r) => !mounted.has(r))).toEqual([]);
      expect(Object.keys(NOT_CALLED_BY_THE_BROWSER).filter((r) => !mounted.has(r) || r in TABLE)).toEqual([]);
      expect(Object.keys(ROUTE_BODIES).filter((r) => !(r in TABLE))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a body that does not fit the schema the table names for it (400 invalid_body, every field)', async () => {
    const { db, engine } = await openDatabase({ databaseUrl: '', sqliteFile: ':memory:' });
    try {
      const app = createApi({ db, engine });
      const res = await app.request('/api/delivery_tax', {
        method: 'POST',
        headers: { 'Client-Type': 'client_web', 'Api-Version': '4', 'Content-Type': 'application/json' },
        body: JSON.stringify({ establishment_id: 'e1', lng: 'far' }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; fields: { path: string }[] };
      expect(body.message).toBe('invalid_body');
      expect(body.fields.map((f) => f.path).sort()).toEqual(['lat', 'lng']);
    } finally {
      await db.destroy();
    }
  });
});
