// Who may act on which account: every user-scoped route needs a session, acts only on the
// session's own user, and never accepts a session outside the user's company.
import { afterAll, describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { bearerHeaders, callMultipart, cookieHeaders, cookieNamed, registerUser } from './helpers/accounts.ts';
import { localImageStorage } from '../../src/server/adapters/image-storage.ts';

const centro = estId('bella-centro');
const paulista = estId('bella-paulista');
const manaus = estId('mercado-manaus');

const uploadsDir = mkdtempSync(join(tmpdir(), 'storefront-authz-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

async function photo(): Promise<FormData> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  return form;
}

/** Every user-scoped route, called with the given headers. */
const ROUTES: Array<{ name: string; call: (ctx: TestContext, headers: Record<string, string>, establishmentId?: string) => Promise<Response> }> = [
  { name: 'GET /users/me', call: (ctx, headers) => ctx.call('/api/users/me', { headers }) },
  { name: 'PUT /users/me', call: (ctx, headers) => ctx.call('/api/users/me', { method: 'PUT', body: { name: 'Invasor da Silva' }, headers }) },
  { name: 'POST /users/me/photo', call: async (ctx, headers) => callMultipart(ctx, '/api/users/me/photo', await photo(), headers) },
  // The data rights (docs/privacy.md).
  { name: 'GET /users/me/export', call: (ctx, headers) => ctx.call('/api/users/me/export', { headers }) },
  { name: 'DELETE /users/me', call: (ctx, headers) => ctx.call('/api/users/me', { method: 'DELETE', body: { password: 'segr3do' }, headers }) },
  // Phone and e-mail verification (docs/api.md 'Phone and e-mail verification').
  ...(
    [
      ['PUT', '/users/me/generate_code_validate_phone', { phone: '11987650000', method: 'sms' }],
      ['PUT', '/users/me/validate_phone', { phone: '11987650000', code: '1234' }],
      ['PUT', '/users/me/confirm-phone', { phone: '11987650000' }],
      ['GET', '/users/me/check-phone', undefined],
      ['GET', '/users/me/check-email', undefined],
      ['POST', '/users/email/validate/create', { email: 'invasor@example.com' }],
      ['PUT', '/users/email/validate', { email: 'invasor@example.com', code: '1234' }],
    ] as const
  ).map(([method, path, body]) => ({
    name: `${method} ${path}`,
    call: (ctx: TestContext, headers: Record<string, string>) => ctx.call(`/api${path}`, { method, body, headers }),
  })),
  // Cards (docs/api.md 'Cards'): every call of a customer's cards, validations and blacklist.
  ...(
    [
      ['GET', '/users/me/payment_cards', undefined],
      [
        'POST',
        '/users/me/payment_cards',
        { number: '4000000000000002', security_code: '123', due_month: 12, due_year: 2031, holder: 'X', payment_card_document: '52998224725' },
      ],
      ['DELETE', '/users/me/payment_cards/pc_x', undefined],
      ['GET', '/users/u_x/cards', undefined],
      ['DELETE', '/users/u_x/cards/pc_x', undefined],
      [
        'POST',
        '/cards/verification',
        { number: '4000000000000002', security_code: '123', due_month: 12, due_year: 2031, holder: 'X', payment_card_document: '52998224725' },
      ],
      ['POST', '/v2/cards/verification', { card: { v: 1, kid: 'AAAAAAAAAAAA', epk: 'A'.repeat(43), nonce: 'A'.repeat(32), ct: 'AAAA' } }],
      ['POST', '/cards/purchase-verification', { card: { _id: 'pc_x', security_code: '123' } }],
      ['GET', '/cards/pc_x/purchase-verification', undefined],
      ['PUT', '/cards/pc_x/purchase-verification', { amount: 10 }],
      ['DELETE', '/cards/pc_x/purchase-verification', undefined],
      ['PUT', '/cards/verification/pc_x', { amount: 10 }],
      ['GET', '/users/me/blacklist', undefined],
      ['GET', '/cards/holder-black-list/u_x', undefined],
      ['GET', '/users/me/card-store-key', undefined],
    ] as const
  ).map(([method, path, body]) => ({
    name: `${method} ${path}`,
    call: (ctx: TestContext, headers: Record<string, string>) => ctx.call(`/api${path}`, { method, body, headers }),
  })),
  {
    name: 'POST /auth/handover',
    call: (ctx, headers, establishmentId) =>
      ctx.call('/api/auth/handover', { method: 'POST', body: { establishment_id: establishmentId ?? headers['Establishment-Id'] ?? centro }, headers }),
  },
  {
    name: 'POST /auth/logout',
    call: (ctx, headers, establishmentId) =>
      ctx.call('/api/auth/logout', { method: 'POST', body: { establishment_id: establishmentId ?? headers['Establishment-Id'] ?? centro }, headers }),
  },
];

forEachDatabase(
  'authorization of user-scoped routes',
  (ctx) => {
    const meOf = async (headers: Record<string, string>) => {
      const res = await ctx().call('/api/users/me', { headers });
      return { status: res.status, body: await res.json() };
    };

    describe('without a session', () => {
      it('answers 401 unauthorized on every user-scoped route', async () => {
        const { session } = await registerUser(ctx(), centro);
        const anonymous: Array<Record<string, string>> = [
          {},
          { 'Establishment-Id': centro },
          { 'Establishment-Id': centro, Cookie: `sf_auth_${centro}=1` },
          { 'Establishment-Id': centro, Cookie: `sid_${centro}=${'x'.repeat(43)}` },
          { Authorization: `Bearer ${'y'.repeat(43)}` },
          { Authorization: 'Bearer' },
          { Authorization: `Basic ${session.token}` },
          { 'Establishment-Id': 'nao-existe', Cookie: `sid_nao-existe=${session.token}` },
        ];
        for (const route of ROUTES) {
          for (const headers of anonymous) {
            const res = await route.call(ctx(), headers);
            expect(res.status, `${route.name} ${JSON.stringify(headers)}`).toBe(401);
            expect(await res.json()).toEqual({ message: 'unauthorized' });
          }
        }
        // A cookie without Establishment-Id: the API cannot tell which cookie is meant (logout and
        // handover name their establishment in the body, so they are left out here).
        for (const route of ROUTES.filter((r) => r.name !== 'POST /auth/logout' && r.name !== 'POST /auth/handover')) {
          expect((await route.call(ctx(), { Cookie: `sid_${centro}=${session.token}` })).status, route.name).toBe(401);
        }
        // None of those calls touched the real session.
        expect((await meOf(cookieHeaders(session))).status).toBe(200);
      });
    });

    describe("with another company's user", () => {
      it('acts only on the session user: B changes B, A stays as it was', async () => {
        const a = await registerUser(ctx(), centro, { name: 'Ana Centro' });
        const b = await registerUser(ctx(), manaus, { name: 'Bruno Manaus' });

        const seenByB = await meOf(bearerHeaders(b.session.token));
        expect(seenByB.body._id).toBe(b.user._id);
        expect(seenByB.body.name).toBe('Bruno Manaus');

        const putB = await ctx().call('/api/users/me', {
          method: 'PUT',
          body: { name: 'Bruno Alterado', fbid: '12345' },
          headers: bearerHeaders(b.session.token),
        });
        expect(putB.status).toBe(200);
        expect((await putB.json())._id).toBe(b.user._id);

        const photoB = await callMultipart(ctx(), '/api/users/me/photo', await photo(), bearerHeaders(b.session.token));
        expect(photoB.status).toBe(200);
        expect((await photoB.json()).photo).toContain(`/users/${b.user._id}/`);

        const aNow = await meOf(cookieHeaders(a.session));
        expect(aNow.body).toMatchObject({ _id: a.user._id, name: 'Ana Centro', fbid: null, photo: null, photo_sizes: null });
        expect((await meOf(bearerHeaders(b.session.token))).body).toMatchObject({ name: 'Bruno Alterado', fbid: '12345' });

        // B's logout ends B's session only.
        const out = await ctx().call('/api/auth/logout', { method: 'POST', body: { establishment_id: manaus }, headers: bearerHeaders(b.session.token) });
        expect(out.status).toBe(204);
        expect((await meOf(bearerHeaders(b.session.token))).status).toBe(401);
        expect((await meOf(cookieHeaders(a.session))).status).toBe(200);
      });

      it("does not let B's session reach A even with A's Establishment-Id", async () => {
        const a = await registerUser(ctx(), centro);
        const b = await registerUser(ctx(), manaus);
        for (const route of ROUTES) {
          const res = await route.call(ctx(), { ...bearerHeaders(b.session.token), 'Establishment-Id': centro }, centro);
          expect(res.status, route.name).toBe(401);
        }
        expect((await meOf(cookieHeaders(a.session))).body._id).toBe(a.user._id);
        expect((await meOf(bearerHeaders(b.session.token))).body._id).toBe(b.user._id);
      });
    });

    describe('a session cookie of one establishment with another company in Establishment-Id', () => {
      it('answers 401 on every route, whether the cookie keeps its name or is renamed', async () => {
        const a = await registerUser(ctx(), centro);
        for (const route of ROUTES) {
          // The browser sends sid_<centro> while the call names Manaus: no sid_<manaus> cookie.
          const kept = await route.call(ctx(), cookieHeaders(a.session, manaus), manaus);
          expect(kept.status, `${route.name} kept`).toBe(401);
          // A forged sid_<manaus> carrying the Centro session.
          const forged = await route.call(ctx(), { Cookie: `sid_${manaus}=${a.session.token}`, 'Establishment-Id': manaus }, manaus);
          expect(forged.status, `${route.name} forged`).toBe(401);
          expect(await forged.json()).toEqual({ message: 'unauthorized' });
        }
        // The forged cookie is expired in the answer; the real session survives every attempt.
        const forged = await meOf({ Cookie: `sid_${manaus}=${a.session.token}`, 'Establishment-Id': manaus });
        expect(forged.status).toBe(401);
        const me = await meOf(cookieHeaders(a.session));
        expect(me.status).toBe(200);
        expect(me.body.name).not.toBe('Invasor da Silva');
        expect(me.body.photo).toBeNull();
      });

      it('accepts the session at another establishment of the same company', async () => {
        const a = await registerUser(ctx(), centro);
        const res = await ctx().call('/api/users/me', { headers: { Cookie: `sid_${paulista}=${a.session.token}`, 'Establishment-Id': paulista } });
        expect(res.status).toBe(200);
        expect((await res.json())._id).toBe(a.user._id);
      });

      it('expires the stale cookies of a rejected session', async () => {
        const res = await ctx().call('/api/users/me', {
          headers: { Cookie: `sid_${centro}=${'z'.repeat(43)}; sf_auth_${centro}=1`, 'Establishment-Id': centro },
        });
        expect(res.status).toBe(401);
        expect(cookieNamed(res, `sid_${centro}`)?.attrs['max-age']).toBe('0');
        expect(cookieNamed(res, `sf_auth_${centro}`)?.attrs['max-age']).toBe('0');
      });
    });
  },
  { setup: async (c) => loadAllFixtures(c.db), deps: { imageStorage: localImageStorage(uploadsDir, '/uploads') } },
);
