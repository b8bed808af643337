// The owner's Open Delivery credentials, from the panel (docs/open-delivery.md 'Credentials'): list,
// create (the secret answered once, never stored) and revoke (its tokens end at once). The
// establishment's own caller only, with `open_delivery.manage` for a staff session (the owner's:
// guards.ts STAFF_ROUTES). The rules are src/server/open-delivery/clients.ts; here, HTTP.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { validate } from '../errors.ts';
import { requestDeps, requireEstablishment, requireEstablishmentCaller } from '../guards.ts';
import type { Answer } from '../route-table.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { OdCredentialParams } from '../../../schemas/api-open-delivery-credentials.ts';
import { createCredential, listCredentials, revokeCredential } from '../../open-delivery/clients.ts';

/** A secret passes through here once: nothing of these answers is stored by a cache. */
function noStore(c: Context) {
  c.header('Cache-Control', 'no-store');
}

export const openDeliveryCredentialRoutes = new Hono<ApiEnv>()
  .get('/establishments/:id/open-delivery/credentials', async (c) => {
    const { db } = requestDeps(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    await requireEstablishment(db, id);
    return c.json({ credentials: await listCredentials(db, id) } satisfies Answer<'GET /establishments/:id/open-delivery/credentials'>);
  })
  .post('/establishments/:id/open-delivery/credentials', async (c) => {
    const { db, now } = requestDeps(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    await requireEstablishment(db, id);
    return c.json((await createCredential(db, id, now)) satisfies Answer<'POST /establishments/:id/open-delivery/credentials'>, 201);
  })
  .delete('/establishments/:id/open-delivery/credentials/:clientId', async (c) => {
    const { db, now } = requestDeps(c);
    noStore(c);
    const { id, clientId } = validate(OdCredentialParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    await revokeCredential(db, id, clientId.toLowerCase(), now);
    return c.body(null, 204);
  });
