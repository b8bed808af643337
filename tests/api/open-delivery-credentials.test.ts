// The owner's Open Delivery credentials from the panel (docs/open-delivery.md 'Credentials'), on
// SQLite and PostgreSQL: the owner lists, creates (the secret answered once, never listed nor
// stored) and revokes; the POS gets a token with a new credential and no longer with a revoked one,
// whose tokens stop at once. Staff (not owner), another establishment's owner and a customer are
// refused, and another owner naming this establishment's client through their own routes changes
// nothing of it. Parallel creations stop at the hourly limit.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { closePgPool } from './helpers/orders.ts';
import { estId, loadOrderFixtures } from './helpers/order-fixtures.ts';
import { makeMember, staffHeaders, staffLogin, type StaffSession } from './helpers/staff.ts';
import { odCall, type Fetcher } from './helpers/open-delivery.ts';
import { OD_CREDENTIALS_PER_HOUR } from '../../src/server/open-delivery/clients.ts';
import type { OdCredentialCreatedAnswer, OdCredentialsAnswer } from '../../src/schemas/api-open-delivery-credentials.ts';

const A = estId('cantina-centro');
const B = estId('cantina-24h');

forEachDatabase(
  'Open Delivery credentials in the panel',
  (getCtx) => {
    let ctx: TestContext;
    let fetcher: Fetcher;
    let ownerA: StaffSession;
    let staffA: StaffSession;
    let ownerB: StaffSession;
    let customerA: Session;

    const path = (id: string, clientId?: string) => `/api/establishments/${id}/open-delivery/credentials${clientId ? `/${clientId}` : ''}`;
    const list = (id: string, headers: Record<string, string>) => ctx.call(path(id), { headers });
    const create = (id: string, headers: Record<string, string>) => ctx.call(path(id), { method: 'POST', headers });
    const revoke = (id: string, clientId: string, headers: Record<string, string>) => ctx.call(path(id, clientId), { method: 'DELETE', headers });
    const answer = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message];
    const token = (clientId: string, secret: string) =>
      odCall(fetcher, 'POST', '/oauth/token', { form: { client_id: clientId, client_secret: secret, grant_type: 'client_credentials' } });
    const created = async (id: string, s: StaffSession) => {
      const res = await create(id, staffHeaders(s));
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as OdCredentialCreatedAnswer;
    };

    beforeAll(async () => {
      ctx = getCtx();
      fetcher = async (p, init) => ctx.app.request(p, init);
      ownerA = await staffLogin(ctx, A, (await makeMember(ctx, A, 'owner')).email);
      staffA = await staffLogin(ctx, A, (await makeMember(ctx, A, 'staff')).email);
      ownerB = await staffLogin(ctx, B, (await makeMember(ctx, B, 'owner')).email);
      customerA = (await registerUser(ctx, A)).session;
    });
    afterAll(() => closePgPool(ctx.db));

    it('the owner creates a credential: the secret is answered once, never listed nor stored, and gets the POS a token', async () => {
      const res = await create(A, staffHeaders(ownerA));
      expect(res.headers.get('cache-control')).toBe('no-store');
      const made = (await res.json()) as OdCredentialCreatedAnswer;
      expect(made.credential).toEqual({
        client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        created_at: ctx.now().toISOString(),
        revoked_at: null,
        webhook: false,
      });
      expect(made.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const listed = await list(A, staffHeaders(ownerA));
      const text = await listed.text();
      expect(text).not.toContain(made.client_secret);
      expect((JSON.parse(text) as OdCredentialsAnswer).credentials).toContainEqual(made.credential);
      const stored = await ctx.db.selectFrom('od_clients').select('secret_hash').where('client_id', '=', made.credential.client_id).executeTakeFirstOrThrow();
      expect(stored.secret_hash).not.toContain(made.client_secret);
      expect((await token(made.credential.client_id, made.client_secret)).status).toBe(200);
    });

    it('a revoked credential gets no more tokens, and the tokens it had stop at once', async () => {
      const made = await created(A, ownerA);
      const before = await token(made.credential.client_id, made.client_secret);
      const bearer = (before.body as { access_token: string }).access_token;
      expect((await odCall(fetcher, 'GET', '/v1/events:polling', { token: bearer })).status).not.toBe(401);

      expect((await revoke(A, made.credential.client_id, staffHeaders(ownerA))).status).toBe(204);
      expect((await token(made.credential.client_id, made.client_secret)).status).toBe(401);
      expect((await odCall(fetcher, 'GET', '/v1/events:polling', { token: bearer })).status).toBe(401);
      const listed = (await (await list(A, staffHeaders(ownerA))).json()) as OdCredentialsAnswer;
      expect(listed.credentials.find((c) => c.client_id === made.credential.client_id)?.revoked_at).toBe(ctx.now().toISOString());
      expect(await answer(await revoke(A, made.credential.client_id, staffHeaders(ownerA)))).toEqual([404, 'od_client_not_found']);
    });

    it('staff (not owner) can neither list, create nor revoke credentials', async () => {
      const made = await created(A, ownerA);
      expect(await answer(await list(A, staffHeaders(staffA)))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await create(A, staffHeaders(staffA)))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await revoke(A, made.credential.client_id, staffHeaders(staffA)))).toEqual([403, 'staff_not_allowed']);
      expect((await token(made.credential.client_id, made.client_secret)).status).toBe(200);
    });

    it("another establishment's owner is refused A's credentials, and naming A's client at B changes nothing of it", async () => {
      const made = await created(A, ownerA);
      const bearer = ((await token(made.credential.client_id, made.client_secret)).body as { access_token: string }).access_token;
      // No staff cookie of A in B's owner's browser: no session there.
      const noCookie = { ...staffHeaders(ownerB), Cookie: `staff_sid_${B}=${ownerB.token}` };
      expect(await answer(await list(A, noCookie))).toEqual([401, 'staff_session_required']);
      // B's session under A's cookie name: a session, of another establishment.
      const forged = staffHeaders(ownerB, A);
      expect(await answer(await list(A, forged))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await create(A, forged))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await revoke(A, made.credential.client_id, forged))).toEqual([403, 'staff_not_allowed']);
      // Through B's own routes, A's client is not found, and its tokens still work.
      expect(await answer(await revoke(B, made.credential.client_id, staffHeaders(ownerB)))).toEqual([404, 'od_client_not_found']);
      expect((await odCall(fetcher, 'GET', '/v1/events:polling', { token: bearer })).status).not.toBe(401);
      const atB = (await (await list(B, staffHeaders(ownerB))).json()) as OdCredentialsAnswer;
      expect(atB.credentials.map((c) => c.client_id)).not.toContain(made.credential.client_id);
    });

    it("a customer's session is refused, and a malformed client id is a 400", async () => {
      expect(await answer(await list(A, cookieHeaders(customerA)))).toEqual([403, 'establishment_key_required']);
      expect(await answer(await create(A, { ...cookieHeaders(customerA) }))).toEqual([403, 'establishment_key_required']);
      expect(await answer(await revoke(A, 'nao-e-uuid', staffHeaders(ownerA)))).toEqual([400, 'invalid_params']);
    });

    it(`${OD_CREDENTIALS_PER_HOUR + 5} parallel creations at one establishment: ${OD_CREDENTIALS_PER_HOUR} are made, 5 refused with 429`, async () => {
      const ownerC = await staffLogin(ctx, estId('cantina-reforma'), (await makeMember(ctx, estId('cantina-reforma'), 'owner')).email);
      const answers = await Promise.all(Array.from({ length: OD_CREDENTIALS_PER_HOUR + 5 }, () => create(ownerC.establishmentId, staffHeaders(ownerC))));
      const codes = await Promise.all(
        answers.map(async (r) => (r.status === 201 ? '201' : `${r.status} ${((await r.json()) as { message: string }).message}`)),
      );
      expect(codes.filter((c) => c === '201')).toHaveLength(OD_CREDENTIALS_PER_HOUR);
      expect(codes.filter((c) => c === '429 too_many_od_clients')).toHaveLength(5);
      const listed = (await (await list(ownerC.establishmentId, staffHeaders(ownerC))).json()) as OdCredentialsAnswer;
      expect(listed.credentials).toHaveLength(OD_CREDENTIALS_PER_HOUR);
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db) },
);
