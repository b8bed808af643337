// One contract per payload: what the browser builds or reads is the very type the server parses or
// answers (src/schemas). The type assertions below fail `npm test -- checks` (tsc) on a drift; the
// runtime ones show the server's schemas take what the browser's builders make.
import { type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { saveAddress, updateAddress } from '../../islands/address/address-api.ts';
import { readStoreIsland } from '../../src/client/store-island.ts';
import { orderPayload } from '../../islands/checkout/model.ts';
import { listOrders } from '../../islands/order/order-api.ts';
import { toSessionUser } from '../../src/client/session.ts';
import { addressSavePayload, type AddressFormValues } from '../../src/domain/address.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { AddressBody, type AddressBodyInput, type AddressView, type SavedAddressView } from '../../src/schemas/api-geo.ts';
import { parseOrderBody, type OrderBody, type OrdersListAnswer, type PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import type { StoreIsland } from '../../src/schemas/island-props.ts';
import { addressView, savedAddressView } from '../../src/server/db/addresses-repo.ts';
import { userView } from '../../src/server/services/auth.ts';
import { placeOrder } from '../../src/server/services/orders.ts';

describe('the browser and the server share one type per payload', () => {
  it('the order body the checkout builds is the body POST orders parses', () => {
    expectTypeOf(orderPayload).returns.toEqualTypeOf<OrderBody | null>();
    expectTypeOf(parseOrderBody).returns.toEqualTypeOf<OrderBody | InstanceType<typeof type.errors>>();
    expectTypeOf(placeOrder).returns.resolves.toEqualTypeOf<{ status: 201; body: PlaceOrderAnswer }>();
  });

  it('the user the API answers is the user the session and the profile read', () => {
    expectTypeOf(userView).returns.toEqualTypeOf<UserView>();
    expectTypeOf(toSessionUser).parameter(0).toEqualTypeOf<UserView>();
  });

  it('the address the API answers is the address the islands and the orders keep', () => {
    expectTypeOf(addressView).returns.toEqualTypeOf<AddressView>();
    expectTypeOf(savedAddressView).returns.toEqualTypeOf<SavedAddressView>();
    expectTypeOf(saveAddress).returns.resolves.toEqualTypeOf<SavedAddressView>();
    expectTypeOf(saveAddress).parameter(1).toEqualTypeOf<AddressBodyInput>();
    expectTypeOf(updateAddress).returns.resolves.toEqualTypeOf<SavedAddressView>();
    expectTypeOf(updateAddress).parameter(2).toEqualTypeOf<AddressBodyInput>();
    expectTypeOf(addressSavePayload).returns.toExtend<AddressBodyInput>();
    expectTypeOf(listOrders).returns.resolves.toEqualTypeOf<OrdersListAnswer>();
  });

  it('the #store-data island the layout writes is the one the cart reads', () => {
    expectTypeOf(readStoreIsland).returns.toEqualTypeOf<StoreIsland | null>();
  });

  it("takes the address form's payload with the API's schema, S/N and S/C as null", () => {
    const values: AddressFormValues = {
      street: ' Rua XV de Novembro ',
      number: '',
      no_number: true,
      complement: '',
      no_complement: true,
      neighborhood: 'Centro',
      ref: 'Em frente à praça',
      city: 'Santos',
      state: 'SP',
      place: 'work',
      lat: -23.9345,
      lng: -46.333,
    };
    const parsed = AddressBody(addressSavePayload(values));
    expect(parsed instanceof type.errors ? parsed.summary : parsed).toEqual({
      street: 'Rua XV de Novembro',
      number: null,
      complement: null,
      ref: 'Em frente à praça',
      neighborhood: 'Centro',
      city: 'Santos',
      state: 'SP',
      country: 'BR',
      place: 'work',
      lat: -23.9345,
      lng: -46.333,
    });
  });
});
