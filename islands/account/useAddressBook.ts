// 'Meus endereços' data and actions (./AddressBook.tsx draws them): the saved addresses read by
// ../address/address-api.ts, the default first; making one the default and deleting one, each
// followed by a fresh read so the list shows what is saved. Failures follow
// islands/shared/call-failure.ts (ADDRESS_CALLS): a failed read leaves the list 'failed' (the page
// offers a retry); an action's refusal is a toast and the list is read again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { ADDRESS_CALLS, deleteAddress, listAddresses, setDefaultAddress } from '../address/address-api.ts';
import type { AddressWithDelivery } from '../address/types.ts';
import '../address/i18n.ts';

export type AddressListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; addresses: AddressWithDelivery[] };

/** The default first, then newest first as the API lists them. */
function defaultFirst(addresses: AddressWithDelivery[]): AddressWithDelivery[] {
  return [...addresses.filter((a) => a.is_default), ...addresses.filter((a) => !a.is_default)];
}

export function useAddressBook(establishmentId: string) {
  const [list, setList] = useState<AddressListState>({ status: 'loading' });
  /** The address an action is running on (its buttons are disabled meanwhile). */
  const [busy, setBusy] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    try {
      const addresses = await listAddresses(establishmentId);
      if (live.current) setList({ status: 'ready', addresses: defaultFirst(addresses) });
    } catch (err) {
      const outcome = reportFailure(err, ADDRESS_CALLS.list);
      if (live.current && outcome.kind !== 'session_ended' && outcome.kind !== 'aborted') setList({ status: 'failed' });
    }
  }, [establishmentId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function makeDefault(address: AddressWithDelivery) {
    setBusy(address._id);
    try {
      await setDefaultAddress(establishmentId, address._id);
      toast(t('address:book.defaultSet'), { kind: 'success' });
      await load();
    } catch (err) {
      // Deleted on another device meanwhile, say: the list shows what is saved now.
      if (reportFailure(err, ADDRESS_CALLS.setDefault).kind !== 'session_ended') await load();
    } finally {
      if (live.current) setBusy(null);
    }
  }

  async function remove(address: AddressWithDelivery) {
    setBusy(address._id);
    try {
      await deleteAddress(establishmentId, address._id);
      toast(t('address:picker.removed'), { kind: 'success' });
      await load();
    } catch (err) {
      if (reportFailure(err, ADDRESS_CALLS.remove).kind !== 'session_ended') await load();
    } finally {
      if (live.current) setBusy(null);
    }
  }

  return { list, busy, load, makeDefault, remove };
}
