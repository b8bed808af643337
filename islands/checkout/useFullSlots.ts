// The full slots of the date the schedule shows (GET .../full-slots, docs/api.md 'Kitchen
// capacity'), read only where the establishment caps the chosen delivery type, and read again when
// the date, the type or `version` changes (a send refused as slot_full bumps it). A read that fails
// leaves nothing greyed: the send still refuses a full slot, with the next free one.
import { useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import type { DeliveryType } from '../../src/domain/cart.ts';
import { reportFailure } from '../shared/call-failure.ts';

/** Where the schedule's full slots are read: the establishment and the type it caps; null without a cap. */
export interface FullSlotsSource {
  establishmentId: string;
  type: DeliveryType;
  /** Bumped to read again (after a refusal). */
  version: number;
}

const NONE: ReadonlySet<string> = new Set();

/** The date's full times ('HH:mm'); empty without a cap, a date, or while reading. */
export function useFullSlots(source: FullSlotsSource | null, date: string | null): ReadonlySet<string> {
  const [read, setRead] = useState<{ key: string; full: ReadonlySet<string> } | null>(null);
  const id = source?.establishmentId ?? null;
  const type = source?.type ?? null;
  const version = source?.version ?? 0;
  const key = id && type && date ? `${id}|${type}|${date}|${version}` : null;
  useEffect(() => {
    if (!id || !type || !date) return;
    const controller = new AbortController();
    const readKey = `${id}|${type}|${date}|${version}`;
    call('GET /establishments/:id/full-slots', {
      params: { id },
      query: { date, delivery_type: type },
      establishmentId: id,
      signal: controller.signal,
      // Read again after a refusal: past the few seconds a cache may keep the day's full slots.
      cache: version > 0 ? 'no-cache' : 'default',
    }).then(
      (answer) => setRead({ key: readKey, full: new Set(answer.full) }),
      (err: unknown) => reportFailure(err, { call: 'GET /establishments/:id/full-slots', role: 'background' }),
    );
    return () => controller.abort();
  }, [id, type, date, version]);
  return read && read.key === key ? read.full : NONE;
}
