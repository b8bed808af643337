// The customer's data rights under the LGPD (Lei 13.709/2018, art. 18; docs/privacy.md): a copy of
// everything the storefront keeps about the account (GET /users/me/export), and the account's
// erasure (DELETE /users/me). Erasing keeps the orders, emptied of the customer, for the
// establishment's fiscal records; everything else that is the customer's goes, or is emptied where
// a row must stay for the records that point at it.
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import type { PaymentGateway } from '../adapters/payment-gateway.ts';
import { IMAGE_SIZES, imageKey, type ImageStorage } from '../adapters/image-storage.ts';
import {
  activityInProgress,
  claimErasure,
  companyName,
  deletePersonalRows,
  deleteUserSessions,
  emptyUserOrders,
  forgetCreditNotes,
  forgetUserCards,
  holderBlocked,
  setOrderAddress,
  userCreditEntries,
  userFeedback,
  userOrderAddresses,
  userOrdersWithEstablishment,
  userSessions,
  userVerificationCodes,
} from '../db/account-data-repo.ts';
import { listUserAddresses, savedAddressView } from '../db/addresses-repo.ts';
import { listCards } from '../db/cards-repo.ts';
import { creditBalance, moveCredits } from '../db/credits-repo.ts';
import { confirmPassword } from './account-password.ts';
import { userView } from './auth.ts';
import { orderView } from './orders.ts';
import { hitOrRefuse } from './rate-limit.ts';
import { Refusal } from './refusal.ts';
import { establishmentTimeZone } from '../../domain/time.ts';
import { ACCOUNT_EXPORT_FORMAT, type AccountExport } from '../../schemas/api-account-data.ts';
import type { AddressView } from '../../schemas/api-geo.ts';

// ---------------------------------------------------------------- the copy

/** Copies one account may download in an hour: each reads every order of the account. */
export const EXPORTS_MAX = 10;
export const EXPORTS_WINDOW_SECONDS = 60 * 60;

/** Everything kept about the user, as one document (src/schemas/api-account-data.ts); 429 too_many_requests past the hourly limit. */
export async function exportAccount(deps: { db: Database; now: Date; storage: ImageStorage }, user: UserRow): Promise<AccountExport> {
  const { db, now } = deps;
  await hitOrRefuse(db, [{ key: `export:user:${user.id}`, max: EXPORTS_MAX, windowSeconds: EXPORTS_WINDOW_SECONDS }], now, 'too_many_requests');
  const [company, addresses, orders, balance, entries, feedback, codes, cards, sessions] = await Promise.all([
    companyName(db, user.company_id),
    listUserAddresses(db, user.id),
    userOrdersWithEstablishment(db, user.id),
    creditBalance(db, user.id),
    userCreditEntries(db, user.id),
    userFeedback(db, user.id),
    userVerificationCodes(db, user.id),
    listCards(db, user.id),
    userSessions(db, user.id, now),
  ]);
  const orderViews = orders.map((row) => ({
    ...orderView(row, establishmentTimeZone(row.establishment_time_zone)),
    establishment: { slug: row.establishment_slug, name: row.establishment_name },
  }));
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exported_at: now.toISOString(),
    controller: { company },
    profile: {
      ...userView(user, deps.storage),
      created_at: user.created_at,
      updated_at: user.updated_at,
      referral_code: user.referral_code,
      referred: user.referred_by !== null,
    },
    verification: {
      phone_verified: user.phone_verified === 1,
      email_verified: user.email_verified === 1,
      codes_sent: codes.map((c) => ({ channel: c.channel, target: c.target, sent_at: c.created_at, used_at: c.used_at })),
    },
    consents: {
      whatsapp_order_updates: orders
        .filter((o) => o.whatsapp_updates === 1)
        .map((o) => ({ establishment: o.establishment_slug, order: Number(o.number), order_id: o.id })),
    },
    addresses: addresses.map((a) => savedAddressView(a, user.default_address_id)),
    orders: orderViews,
    credits: {
      balance,
      entries: entries.map((e) => ({ _id: e.id, amount: Number(e.amount), reason: e.reason, note: e.note, order_id: e.order_id, created_at: e.created_at })),
    },
    evaluations: orderViews.flatMap((o) => (o.evaluation ? [{ establishment: o.establishment.slug, order: o.order, order_id: o._id, ...o.evaluation }] : [])),
    feedback: feedback.map((f) => ({
      _id: f.id,
      establishment: f.establishment_slug,
      kind: f.kind,
      topic: f.topic,
      order_id: f.order_id,
      message: f.message,
      created_at: f.created_at,
    })),
    saved_cards: cards.map((c) => ({ brand: c.brand, last4: c.last4, verification_status: c.verification_status, created_at: c.created_at })),
    sessions: sessions.map((s) => ({ establishment: s.establishment_slug, created_at: s.created_at, expires_at: s.expires_at })),
  };
}

// ---------------------------------------------------------------- the erasure

export interface ErasureDeps {
  db: Database;
  now: Date;
  storage: ImageStorage;
  payments: PaymentGateway;
}

/** What an erasure leaves for the caller: the establishments whose session cookies to expire. */
export interface Erased {
  establishmentIds: string[];
}

/**
 * An order's delivery address once its customer is erased: the area it went to (neighbourhood,
 * city, state, and the position rounded to about a kilometre), which explains its delivery fee,
 * without the door (street, number, complement, reference).
 */
export function addressWithoutDoor(snapshot: string | null): string | null {
  if (snapshot === null) return null;
  let address: Partial<AddressView>;
  try {
    address = JSON.parse(snapshot) as Partial<AddressView>;
  } catch {
    return null;
  }
  const [lng, lat] = address.lng_lat ?? [0, 0];
  const kept: AddressView = {
    _id: '',
    street: '',
    number: null,
    complement: null,
    additionalInfo: null,
    ref: '',
    referencePoint: '',
    neighborhood: address.neighborhood ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    country: address.country ?? 'BR',
    place: 'default',
    lng_lat: [Math.round(Number(lng) * 100) / 100, Math.round(Number(lat) * 100) / 100],
  };
  return JSON.stringify(kept);
}

/**
 * Erases the account of `user` (docs/privacy.md 'Erasing the account'), after the password
 * (confirmPassword's refusals). Refused while something is under way, 409 open_orders (an order not
 * yet complete or cancelled) or payments_pending (money still moving), and while the credit
 * balance is positive unless `forfeitCredits` (409 credits_would_be_lost with the balance). Of
 * two erasures at once one does it; the other is 401 unauthorized, its session being gone.
 */
export async function eraseAccount(deps: ErasureDeps, user: UserRow, input: { password: string; forfeitCredits: boolean }): Promise<Erased> {
  const { db, now } = deps;
  await confirmPassword(db, user, input.password, now);
  const done = await db.transaction().execute(async (trx) => {
    // First the row: whoever claims it holds it (PostgreSQL) until the end, so what is read below
    // cannot change under a second erasure, and an order being written for the user finishes first.
    if (!(await claimErasure(trx, user.id, now))) return null;
    const busy = await activityInProgress(trx, user.id);
    if (busy) throw new Refusal('conflict', busy);
    const balance = await creditBalance(trx, user.id);
    if (balance > 0 && !input.forfeitCredits) throw new Refusal('conflict', 'credits_would_be_lost', { params: { credits: balance } });
    // The ledger keeps adding up to the balance: the forfeited credit is its last movement.
    if (balance > 0) await moveCredits(trx, { userId: user.id, amount: -balance, reason: 'account_deleted', reference: `account-deleted:${user.id}` }, now);
    const establishmentIds = await deleteUserSessions(trx, user.id);
    await deletePersonalRows(trx, user);
    await forgetCreditNotes(trx, user.id);
    await emptyUserOrders(trx, user.id);
    for (const order of await userOrderAddresses(trx, user.id)) await setOrderAddress(trx, order.id, addressWithoutDoor(order.address));
    const cards = await forgetUserCards(trx, user.id, await holderBlocked(trx, user.id), now);
    return { establishmentIds, cards };
  });
  if (!done) throw new Refusal('unauthenticated', 'unauthorized');

  // After the commit, what lives outside the database: the photo's files, the cards at the gateway.
  if (user.photo_key) await deleteUserPhoto(deps.storage, user.photo_key);
  for (const card of done.cards) {
    // A card saved through another gateway (PAYMENT_GATEWAY changed since) is none of this one's.
    if (card.gateway !== deps.payments.engine) continue;
    try {
      await deps.payments.removeCard(card.gateway_token, now);
    } catch (err) {
      // Nothing of ours charges a deleted card again; the gateway's copy is left for the log's reader.
      console.error('[account] card', card.id, `deleted, but not removed at the gateway (${deps.payments.engine}):`, (err as Error).message);
    }
  }
  return { establishmentIds: done.establishmentIds };
}

/** Deletes every size of an uploaded photo; a file that cannot be deleted is logged, not fatal. */
export async function deleteUserPhoto(storage: ImageStorage, key: string): Promise<void> {
  for (const size of IMAGE_SIZES) {
    try {
      await storage.delete(imageKey(key, size));
    } catch (err) {
      console.error('[photo] could not delete', key, size, err);
    }
  }
}
