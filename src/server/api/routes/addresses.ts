// The logged-in user's delivery addresses (spec section 7 'User, addresses' [R-7.41..R-7.43]):
// list (with the delivery fee of an establishment when one is named), save, edit, delete, and the
// default address the checkout picks by itself (the account area's 'Meus endereços' ).
// Every route acts on the session's user only. docs/api.md 'Addresses, geocoding and delivery fee'.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestDeps, requireEstablishment, requireSession } from '../guards.ts';
import { randomId } from '../../db/ids.ts';
import {
  deleteUserAddress,
  getUserAddress,
  insertUserAddress,
  listUserAddresses,
  savedAddressView,
  setDefaultUserAddress,
  updateUserAddress,
  type AddressChanges,
} from '../../db/addresses-repo.ts';
import { AddressParams, AddressesQuery, addressDeliveryOf, type AddressBody, type SavedAddressView } from '../../../schemas/api-geo.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { deliveryAt } from '../../../domain/delivery-fee.ts';
import type { Database } from '../../db/database.ts';

/** The stored columns of a checked body (the form's payload ). */
function changesOf(body: AddressBody): AddressChanges {
  return {
    street: body.street,
    number: body.number,
    complement: body.complement,
    ref: body.ref,
    neighborhood: body.neighborhood,
    city: body.city,
    state: body.state,
    country: 'BR',
    place: body.place,
    lng: body.lng,
    lat: body.lat,
  };
}

/** The address as stored now (PostgreSQL's REAL keeps about 7 digits, so answers and later lists agree), or 404. */
async function storedAddress(db: Database, user: { id: string; default_address_id: string | null }, id: string): Promise<SavedAddressView> {
  const row = await getUserAddress(db, user.id, id);
  if (!row) throw new ApiError(404, 'address_not_found');
  return savedAddressView(row, user.default_address_id);
}

async function session(c: Context<ApiEnv>) {
  const { db, now, secure } = requestDeps(c);
  c.header('Cache-Control', 'no-store');
  const current = await requireSession(c, { db, now, secure });
  return { db, now, user: current.user };
}

export const addressRoutes = new Hono<ApiEnv>()
  // The user's addresses, newest first; with establishment_id each carries that establishment's
  // delivery fee, or { ok: false } outside its radius.
  .get('/users/me/addresses', async (c) => {
    const { db, user } = await session(c);
    const query = validate(AddressesQuery, c.req.query(), 'query');
    // Another company's establishment is as unknown to this user as a missing one.
    const est = query.establishment_id ? await requireEstablishment(db, query.establishment_id) : undefined;
    if (est && est.company._id !== user.company_id) throw new ApiError(404, 'establishment_not_found');
    const rows = await listUserAddresses(db, user.id);
    const addresses = rows.map((row) => {
      const view = savedAddressView(row, user.default_address_id);
      return est ? { ...view, delivery: addressDeliveryOf(deliveryAt(est.address.lng_lat, view.lng_lat, est.preferences)) } : view;
    });
    return c.json({ addresses } satisfies Answer<'GET /users/me/addresses'>);
  })
  // Saves an address (the form's payload, S/N and S/C as null); the first one
  // (or the first after the default was deleted) becomes the default.
  .post('/users/me/addresses', async (c) => {
    const { db, now, user } = await session(c);
    const body = await routeBody(c, 'POST /users/me/addresses');
    const id = randomId();
    const { isDefault } = await insertUserAddress(db, { id, user_id: user.id, ...changesOf(body), created_at: now.toISOString() });
    return c.json((await storedAddress(db, { id: user.id, default_address_id: isDefault ? id : null }, id)) satisfies Answer<'POST /users/me/addresses'>, 201);
  })
  // Edits one of the user's addresses: the same payload as a save, every field replaced; it stays
  // the default if it was. Orders keep the copy they were placed with.
  .put('/users/me/addresses/:id', async (c) => {
    const { db, user } = await session(c);
    const { id } = validate(AddressParams, c.req.param(), 'params');
    const body = await routeBody(c, 'PUT /users/me/addresses/:id');
    if (!(await updateUserAddress(db, user.id, id, changesOf(body)))) throw new ApiError(404, 'address_not_found');
    return c.json((await storedAddress(db, user, id)) satisfies Answer<'PUT /users/me/addresses/:id'>);
  })
  // Makes one of the user's addresses the default (the previous default, if any, stops being it).
  .put('/users/me/addresses/:id/default', async (c) => {
    const { db, user } = await session(c);
    const { id } = validate(AddressParams, c.req.param(), 'params');
    if (!(await setDefaultUserAddress(db, user.id, id))) throw new ApiError(404, 'address_not_found');
    return c.json((await storedAddress(db, { id: user.id, default_address_id: id }, id)) satisfies Answer<'PUT /users/me/addresses/:id/default'>);
  })
  // Deletes one of the user's addresses; orders keep their own copy of the address.
  .delete('/users/me/addresses/:id', async (c) => {
    const { db, user } = await session(c);
    const { id } = validate(AddressParams, c.req.param(), 'params');
    if (!(await deleteUserAddress(db, user.id, id))) throw new ApiError(404, 'address_not_found');
    return c.body(null, 204);
  });
