// The checkout's address list's data and moves (./AddressPicker.tsx draws them): the list
// the fee asked when one is picked (POST /delivery_tax; a 404 lets the checkout
// clear the address ), the address picked by itself on the first list
// (./pick-address.ts), the deletion after its confirmation and the reload after a save
// . Failures follow islands/shared/call-failure.ts (address-api.ts ADDRESS_CALLS).
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { ADDRESS_CALLS, deleteAddress, deliveryTax, listAddresses } from './address-api.ts';
import { pickByItself } from './pick-address.ts';
import type { Address, AddressWithDelivery } from './types.ts';
import './i18n.ts';

export type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; addresses: AddressWithDelivery[] };

export interface AddressPickerOptions {
  island: StoreIsland;
  selectedId: string | null;
  onSelect(address: Address & { delivery_fee: number }): void;
  onOutsideRadius(): void;
  onCleared?(): void;
}

export function useAddressPicker({ island, selectedId, onSelect, onOutsideRadius, onCleared }: AddressPickerOptions) {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [pending, setPending] = useState<string | null>(null);
  const live = useRef(true);
  const defaultOffered = useRef(false);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(async (): Promise<AddressWithDelivery[] | null> => {
    try {
      const addresses = await listAddresses(island.id);
      if (live.current) setList({ status: 'ready', addresses });
      return addresses;
    } catch (err) {
      // A 401 is the session's (back to the account page); anything else offers a retry here.
      const outcome = reportFailure(err, ADDRESS_CALLS.list);
      if (live.current && outcome.kind !== 'session_ended' && outcome.kind !== 'aborted') setList({ status: 'failed' });
      return null;
    }
  }, [island.id]);

  useEffect(() => {
    void load();
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the first list arrives; later lists (after a save or a deletion) pick nothing by themselves
  useEffect(() => {
    if (list.status !== 'ready' || defaultOffered.current) return;
    defaultOffered.current = true;
    const preferred = pickByItself(list.addresses);
    if (preferred && selectedId === null) void select(preferred);
  }, [list]);

  async function select(address: Address) {
    setPending(address._id);
    try {
      const fee = await deliveryTax(island.id, { lng: address.lng_lat[0], lat: address.lng_lat[1] });
      if (live.current) onSelect({ ...address, delivery_fee: fee.price });
    } catch (err) {
      reportFailure(err, ADDRESS_CALLS.fee);
      if (err instanceof ApiFailure && err.code === 'no_delivery_tax_found') onOutsideRadius();
    } finally {
      if (live.current) setPending(null);
    }
  }

  async function remove(address: AddressWithDelivery) {
    try {
      await deleteAddress(island.id, address._id);
      toast(t('address:picker.removed'), { kind: 'success' });
      if (address._id === selectedId) (onCleared ?? onOutsideRadius)();
      await load();
    } catch (err) {
      // The list shows what is saved now, whatever refused the deletion.
      if (reportFailure(err, ADDRESS_CALLS.remove).kind !== 'session_ended') await load();
    }
  }

  async function saved(address: Address) {
    await load();
    await select(address);
  }

  return { list, pending, load, select, remove, saved };
}
