// Online/offline label [R-1.23, R-4.52..R-4.55, decisions #23]. The page carries the
// establishment's published hours (data island #store-data); the server clock offset is read
// once from GET /api/datetime, then the status is computed here every 3 s with the domain
// functions, costing no request per tick. A closed reading is confirmed by a re-check 3 s later
// before 'Fechado' shows.
import {
  STATUS_POLL_MS,
  establishmentStatusAtMinute,
  initialStatusState,
  nextStatusState,
  type EstablishmentStatus,
  type StatusState,
  wallClockMinuteOfWeek,
} from '../domain/week-clock.ts';
import { readStoreIsland, type StoreIsland } from '../client/store-island.ts';
import { API_HEADERS } from '../schemas/api-headers.ts';
import type { DatetimeAnswer } from '../schemas/views.ts';

async function serverOffsetMs(establishmentId: string): Promise<number> {
  try {
    const sent = Date.now();
    const res = await fetch(`/api/datetime?establishment_id=${encodeURIComponent(establishmentId)}`, {
      headers: { ...API_HEADERS, Accept: 'application/json' },
    });
    if (!res.ok) return 0;
    const body = (await res.json()) as Partial<DatetimeAnswer>;
    const received = Date.now();
    const server = typeof body.epoch_ms === 'number' ? body.epoch_ms : NaN;
    // The answer was produced about half-way through the round trip.
    return Number.isFinite(server) ? server - (sent + received) / 2 : 0;
  } catch {
    return 0;
  }
}

function observe(island: StoreIsland, offset: number): EstablishmentStatus {
  if (island.open_mode === 'open') return 'online';
  if (island.open_mode === 'closed') return 'offline';
  // The published zone offsets (or Intl past them), not Temporal: the polyfill would add tens of
  // KB to every catalogue page.
  return establishmentStatusAtMinute({
    isOpenFlag: null,
    hours: island.office_hours,
    minuteOfWeek: wallClockMinuteOfWeek(Date.now() + offset, island.time_zone, island.zone_offsets),
  });
}

function show(status: EstablishmentStatus): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-status]')) {
    if (el.dataset.status === status) continue;
    el.dataset.status = status;
    el.querySelector<HTMLElement>('[data-status-online]')!.hidden = status !== 'online';
    el.querySelector<HTMLElement>('[data-status-offline]')!.hidden = status !== 'offline';
  }
  document.dispatchEvent(new CustomEvent('store:status', { detail: { status } }));
}

async function run(): Promise<void> {
  const island = readStoreIsland();
  if (!island) return;
  const offset = await serverOffsetMs(island.id);
  let state: StatusState = initialStatusState();
  let recheck: ReturnType<typeof setTimeout> | undefined;

  const tick = (): void => {
    const { state: next, recheckInMs } = nextStatusState(state, observe(island, offset));
    state = next;
    show(state.status);
    clearTimeout(recheck);
    recheck = recheckInMs === null ? undefined : setTimeout(tick, recheckInMs);
  };
  tick();
  setInterval(() => {
    // A pending re-check is already scheduled; the interval does not pre-empt it.
    if (!state.awaitingRecheck) tick();
  }, STATUS_POLL_MS);
}

/** Shows the establishment's status now and every STATUS_POLL_MS after. */
export function startStatus(): void {
  void run();
}
