// The card calls (spec section 7 'Cards' [R-7.46..R-7.62]; docs/api.md 'Cards'): a customer's saved
// cards, saving one (the payload sealed to the server's key, on every form of the call), validating
// it by a micro-charge (the CVV sealed too), and the card holder blacklist, which the establishment
// lifts with its API key. Every customer route acts on the session's own user only.
import { Hono, type Context } from 'hono';
import { hkdfSync } from 'node:crypto';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestApiKey, requestDeps, requireCaller, requireEstablishment, requireSession } from '../guards.ts';
import { ESTABLISHMENT_HEADER } from '../../../schemas/api-headers.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import {
  CardIdParams,
  CardToRegisterBody,
  hasClearCardData,
  UserCardParams,
  VerificationAmountBody,
  cardSealContext,
  cvvSealContext,
  type BlacklistAnswer,
  type BlockedHolderView,
  type CardsAnswer,
  type SealedCardBody,
} from '../../../schemas/api-cards.ts';
import { checkBody, routeBody, type Answer } from '../route-table.ts';
import { toBase64Url } from '../../../lib/sealed-box.ts';
import { openForServer, serverSealingKey } from '../../services/sealing-key.ts';
import { listCardViews, registerCard, type CardCaller, type CardDeps, type CardSaveDeps } from '../../services/cards.ts';
import {
  cancelOwnVerification,
  cancelVerification,
  confirmAmount,
  holderStatus,
  readVerification,
  startVerification,
} from '../../services/card-verification.ts';
import { blockedHolders, deleteCard, liftHolder, liveVerification, ownCard } from '../../db/cards-repo.ts';
import { getUser } from '../../db/users-repo.ts';
import { companyOfEstablishment } from '../../services/session.ts';
import { establishmentOfKey } from '../../services/establishment-keys.ts';
import type { CardToRegisterInput } from '../../../domain/card.ts';

/** The session's user, the establishment the call is made at (the page's, else the session's) and the card services' dependencies. */
async function customer(c: Context<ApiEnv>) {
  const { db, now, secure } = requestDeps(c);
  c.header('Cache-Control', 'no-store');
  const current = await requireSession(c, { db, now, secure });
  const named = c.req.header(ESTABLISHMENT_HEADER)?.trim();
  const establishment = await requireEstablishment(db, named || current.session.establishment_id, c.get('deps').catalogueCache);
  const deps: CardDeps = { db, now, payments: c.get('deps').payments };
  const caller: CardCaller = { user: current.user, establishment };
  return { deps, caller, current };
}

/**
 * A card route's JSON body, refused with 400 card_data_not_sealed when it carries a card number or
 * CVV in clear: such a body is never validated (a field problem would describe it), answered or logged.
 */
async function cardBody(c: Context<ApiEnv>): Promise<unknown> {
  const body: unknown = await c.req.json();
  if (hasClearCardData(body)) throw new ApiError(400, 'card_data_not_sealed');
  return body;
}

/** Saves the card sealed in the body (every form of the call takes only the sealed card). */
async function saveSealedCard(c: Context<ApiEnv>) {
  const { deps, caller } = await customer(c);
  const body = checkBody('POST /v2/cards/verification', await cardBody(c));
  const sealingKey = c.get('deps').sealingKey ?? serverSealingKey();
  const saveDeps: CardSaveDeps = { ...deps, fingerprintSecret: sealingKey.secretKey };
  return c.json((await registerCard(saveDeps, caller, openCard(c, body, caller.user.id))) satisfies Answer<'POST /v2/cards/verification'>, 201);
}

/** The sealed card, opened for this customer, as the plain body it carries (checked by the same schema). */
function openCard(c: Context<ApiEnv>, body: SealedCardBody, userId: string): CardToRegisterInput {
  const text = openForServer(body.card, cardSealContext(userId), c.get('deps').sealingKey ?? serverSealingKey());
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'sealed_box_invalid');
  }
  return validate(CardToRegisterBody, parsed, 'body');
}

/** `{id}` of /users/{id}/... must be the session's own user. */
function assertSelf(userId: string, id: string): void {
  if (id !== userId) throw new ApiError(403, 'forbidden');
}

export const cardRoutes = new Hono<ApiEnv>()
  // ------------------------------------------------------------ saved cards
  .get('/users/me/payment_cards', async (c) => {
    const { deps, caller } = await customer(c);
    return c.json({ cards: await listCardViews(deps.db, caller.user.id, deps.now) } satisfies Answer<'GET /users/me/payment_cards'>);
  })
  .get('/users/:id/cards', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { deps, caller } = await customer(c);
    assertSelf(caller.user.id, id);
    return c.json({ cards: await listCardViews(deps.db, caller.user.id, deps.now) } satisfies CardsAnswer);
  })
  .post('/users/me/payment_cards', saveSealedCard)
  .post('/cards/verification', saveSealedCard)
  .post('/v2/cards/verification', saveSealedCard)
  .delete('/users/me/payment_cards/:id', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { deps, caller } = await customer(c);
    await removeCard(deps, caller.user.id, id);
    return c.body(null, 204);
  })
  .delete('/users/:userId/cards/:cardId', async (c) => {
    const { userId, cardId } = validate(UserCardParams, c.req.param(), 'params');
    const { deps, caller } = await customer(c);
    assertSelf(caller.user.id, userId);
    await removeCard(deps, caller.user.id, cardId);
    return c.body(null, 204);
  })
  .get('/users/me/card-store-key', async (c) => {
    const { current } = await customer(c);
    const secret = (c.get('deps').sealingKey ?? serverSealingKey()).secretKey;
    // One key per session, gone with it: HKDF of the server's secret, salted with the session's hash.
    const key = new Uint8Array(hkdfSync('sha256', secret, current.tokenHash, 'vitrine card store v1', 32));
    return c.json({ key: toBase64Url(key) } satisfies Answer<'GET /users/me/card-store-key'>);
  })
  // ------------------------------------------------------------ validation by a micro-charge
  .post('/cards/purchase-verification', async (c) => {
    const { deps, caller } = await customer(c);
    const body = checkBody('POST /cards/purchase-verification', await cardBody(c));
    const cvv = openForServer(body.card.security_code, cvvSealContext(caller.user.id), c.get('deps').sealingKey ?? serverSealingKey());
    const { charged, answer } = await startVerification(deps, caller, body.card._id, cvv);
    return c.json(answer satisfies Answer<'POST /cards/purchase-verification'>, charged ? 201 : 200);
  })
  .get('/cards/:id/purchase-verification', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { deps, caller } = await customer(c);
    return c.json((await readVerification(deps, caller.user, id)) satisfies Answer<'GET /cards/:id/purchase-verification'>);
  })
  .put('/cards/:id/purchase-verification', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { deps, caller } = await customer(c);
    const body = validate(VerificationAmountBody, await c.req.json(), 'body');
    return c.json(await confirmAmount(deps, caller.user, id, body.amount));
  })
  .put('/cards/verification/:id', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { deps, caller } = await customer(c);
    const body = await routeBody(c, 'PUT /cards/verification/:id');
    return c.json((await confirmAmount(deps, caller.user, id, body.amount)).card satisfies Answer<'PUT /cards/verification/:id'>);
  })
  .delete('/cards/:id/purchase-verification', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { deps, caller } = await customer(c);
    return c.json((await cancelOwnVerification(deps, caller.user, id)) satisfies Answer<'DELETE /cards/:id/purchase-verification'>);
  })
  // ------------------------------------------------------------ the card holder blacklist
  .get('/users/me/blacklist', async (c) => {
    const { deps, caller } = await customer(c);
    return c.json((await holderStatus(deps.db, caller.user.id)) satisfies Answer<'GET /users/me/blacklist'>);
  })
  .get('/cards/holder-black-list/:id', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { db } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    if (requestApiKey(c) !== undefined) {
      await establishmentCustomer(c, id);
      return c.json((await holderStatus(db, id)) satisfies BlacklistAnswer);
    }
    const { caller } = await customer(c);
    assertSelf(caller.user.id, id);
    return c.json((await holderStatus(db, id)) satisfies BlacklistAnswer);
  })
  .delete('/cards/holder-black-list/:id', async (c) => {
    const { id } = validate(CardIdParams, c.req.param(), 'params');
    const { db, now } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    await establishmentCustomer(c, id);
    await liftHolder(db, id, now);
    return c.json((await holderStatus(db, id)) satisfies BlacklistAnswer);
  })
  .get('/establishments/:id/card-holders/blocked', async (c) => {
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { db } = requestDeps(c);
    c.header('Cache-Control', 'no-store');
    const caller = await requireCaller(c, id);
    if (caller.kind !== 'establishment') throw new ApiError(403, 'establishment_key_required');
    const companyId = (await companyOfEstablishment(db, id))!;
    const holders: BlockedHolderView[] = (await blockedHolders(db, companyId)).map((h) => ({ ...h, blocked_at: h.blocked_at! }));
    return c.json({ holders });
  });

/** With the establishment's API key: the customer `userId` of its company, or 401 invalid_api_key / 404 user_not_found. */
async function establishmentCustomer(c: Context<ApiEnv>, userId: string): Promise<void> {
  const { db } = requestDeps(c);
  const key = requestApiKey(c);
  const establishmentId = key ? await establishmentOfKey(db, key) : undefined;
  if (!establishmentId) throw new ApiError(401, 'invalid_api_key');
  const companyId = await companyOfEstablishment(db, establishmentId);
  const user = await getUser(db, userId);
  if (!user || user.company_id !== companyId) throw new ApiError(404, 'user_not_found');
}

/**
 * Deletes the user's card; a validation waiting for its amount is cancelled and its charge goes
 * back; the gateway forgets the card.
 */
async function removeCard(deps: CardDeps, userId: string, cardId: string): Promise<void> {
  const card = await ownCard(deps.db, userId, cardId);
  if (!(await deleteCard(deps.db, userId, cardId, deps.now))) throw new ApiError(404, 'card_not_found');
  const live = await liveVerification(deps.db, cardId);
  if (live?.status === 'awaiting_amount') await cancelVerification(deps, live.id, 'cancelled');
  // A card saved through another gateway (PAYMENT_GATEWAY changed since) is none of this one's.
  if (!card?.gateway_token || card.gateway !== deps.payments.engine) return;
  try {
    await deps.payments.removeCard(card.gateway_token, deps.now);
  } catch (err) {
    // The card is gone for the customer either way: nothing of ours charges a deleted card again.
    // The gateway's copy is left for the log's reader.
    console.error('[cards] card', cardId, `deleted, but not removed at the gateway (${deps.payments.engine}):`, (err as Error).message);
  }
}
