// Reads and writes of the users' delivery addresses (spec section 3 'Address' [R-3.45..R-3.47]).
// Every query is scoped by the owning user: there is no way to read, change or delete another
// user's address. The orders service reads addresses here too (getUserAddress + addressView).
import { sql } from 'kysely';
import type { Database } from './database.ts';
import type { AddressRow } from './types.ts';
import { isAddressPlace } from '../../domain/address.ts';
import { withSpecNames, type AddressView, type SavedAddressView } from '../../schemas/api-geo.ts';

/** Degrees to 6 decimals (about 0.1 m): hides the float noise of a REAL column on PostgreSQL. */
const coordinate = (n: number) => Math.round(Number(n) * 1e6) / 1e6;

/** The API shape of a stored address, as an order copies it; lng_lat is [lng, lat]. */
export function addressView(row: AddressRow): AddressView {
  return withSpecNames({
    _id: row.id,
    street: row.street,
    number: row.number,
    complement: row.complement,
    ref: row.ref,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    country: row.country,
    place: isAddressPlace(row.place) ? row.place : 'default',
    lng_lat: [coordinate(row.lng), coordinate(row.lat)],
  });
}

/** The API shape of one of the user's saved addresses: the address and whether it is the user's default. */
export function savedAddressView(row: AddressRow, defaultAddressId: string | null): SavedAddressView {
  return { ...addressView(row), is_default: row.id === defaultAddressId };
}

/** The user's addresses, newest first. */
export async function listUserAddresses(db: Database, userId: string): Promise<AddressRow[]> {
  return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** One address of the user, or undefined when it does not exist or belongs to someone else. */
export async function getUserAddress(db: Database, userId: string, addressId: string): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Saves a new address of the user; answers whether it became the user's default. It does when the
 * user has none (no address yet, or the default was deleted): a customer's first address is the one
 * the checkout picks by itself on the next order. One transaction that first takes the user's row
 * (a write that changes nothing: on PostgreSQL it waits for another save of the same user to end,
 * on SQLite it holds the database's write lock), so saves at once from two devices never both
 * become the default, nor leave none: the first one wins and the other sees its default.
 */
export async function insertUserAddress(db: Database, row: AddressRow): Promise<{ isDefault: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ default_address_id: sql<string | null>`default_address_id` })
      .where('id', '=', row.user_id)
      .returning('default_address_id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('addresses').values(row).execute();
    const current = user.default_address_id
      ? await trx.selectFrom('addresses').select('id').where('id', '=', user.default_address_id).where('user_id', '=', row.user_id).executeTakeFirst()
      : undefined;
    if (current) return { isDefault: false };
    await trx.updateTable('users').set({ default_address_id: row.id }).where('id', '=', row.user_id).execute();
    return { isDefault: true };
  });
}

/** The fields an edit replaces (the form's payload); the owner and the creation time stay (and whether it is the default). */
export type AddressChanges = Pick<
  AddressRow,
  'street' | 'number' | 'complement' | 'ref' | 'neighborhood' | 'city' | 'state' | 'country' | 'place' | 'lng' | 'lat'
>;

/** Replaces one address of the user; false when there was none (unknown id or another user's). */
export async function updateUserAddress(db: Database, userId: string, addressId: string, changes: AddressChanges): Promise<boolean> {
  const res = await db.updateTable('addresses').set(changes).where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Makes one address of the user the default (the previous one, if any, stops being it); false when
 * the address is not the user's. One statement: two devices choosing at once leave the last one's
 * choice, and there is never a second default.
 */
export async function setDefaultUserAddress(db: Database, userId: string, addressId: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ default_address_id: addressId })
    .where('id', '=', userId)
    .where((eb) => eb.exists(eb.selectFrom('addresses').select('addresses.id').where('addresses.id', '=', addressId).where('addresses.user_id', '=', userId)))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes one address of the user; false when there was none (unknown id or another user's). */
export async function deleteUserAddress(db: Database, userId: string, addressId: string): Promise<boolean> {
  const res = await db.deleteFrom('addresses').where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
