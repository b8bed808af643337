// Reads and writes of the users' delivery addresses (spec section 3 'Address' [R-3.45..R-3.47]).
// Every query is scoped by the owning user: there is no way to read, change or delete another
// user's address. The orders service reads addresses here too (getUserAddress + addressView).
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

export async function insertAddress(db: Database, row: AddressRow): Promise<void> {
  await db.insertInto('addresses').values(row).execute();
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
