// Online/offline label [R-1.23, R-4.52..R-4.55, decisions #23] and the info strip's hours ('Abre
// hoje às 18:00', 'Aberto até 23:30'). The page carries the establishment's published hours (data
// island #store-data); the server clock offset is read once from GET /api/datetime, then both are
// computed here every 3 s with the domain's one open-now rule (src/domain/open-now.ts), costing no
// request per tick. A closed reading is confirmed by a re-check 3 s later before 'Fechado' shows;
// the hours follow the label, so the two never disagree. An unavailable establishment's label is
// rendered by the server ('Indisponível') and never switched by the clock.
import { STATUS_POLL_MS, initialStatusState, nextStatusState, type EstablishmentStatus, type StatusState } from '../domain/week-clock.ts';
import { closingAtMinute, isOpenAtMinute, nextOpeningAtMinute } from '../domain/open-now.ts';
import { closesText, opensText } from '../i18n/hours-text.ts';
import { establishmentMinuteNow, readStoreIsland, type StoreIsland } from '../client/store-island.ts';
import { API_HEADERS } from '../schemas/api-headers.ts';
import type { DatetimeAnswer } from '../schemas/views.ts';
import { texts } from './texts.ts';

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

/**
 * The layout's status labels (src/components/layout/StatusLabel.astro), and only them: other
 * elements of the page carry a data-status of their own (a wallet card's 'verified'), which this
 * script must never read or rewrite.
 */
const STATUS_LABELS = '[data-store-status]';
/** The info strip's hours badge (src/components/layout/InfoBadges.astro). */
const HOURS_SLOTS = '[data-badge="hours"][data-hours]';

function show(status: EstablishmentStatus): void {
  for (const el of document.querySelectorAll<HTMLElement>(STATUS_LABELS)) {
    const online = el.querySelector<HTMLElement>(':scope > [data-status-online]');
    const offline = el.querySelector<HTMLElement>(':scope > [data-status-offline]');
    // An unavailable establishment's label has neither: the clock never switches it.
    if (!online || !offline || el.dataset.status === status) continue;
    el.dataset.status = status;
    online.hidden = status !== 'online';
    offline.hidden = status !== 'offline';
  }
}

/** The strip's hours for the status shown: when it closes while online, when it opens while offline. */
function showHours(island: StoreIsland, status: EstablishmentStatus, minute: number): void {
  if (status === 'unknown') return;
  const text = status === 'online' ? closesText(closingAtMinute(island, minute), texts.hours) : opensNextText(island, minute);
  for (const slot of document.querySelectorAll<HTMLElement>(HOURS_SLOTS)) {
    const label = slot.querySelector<HTMLElement>('[data-hours-text]');
    if (!label) continue;
    if (label.textContent !== text) label.textContent = text;
    slot.dataset.state = status;
  }
}

function opensNextText(island: StoreIsland, minute: number): string {
  const opening = nextOpeningAtMinute(island, minute);
  return opening ? opensText(opening, texts.hours) : '';
}

async function run(): Promise<void> {
  const island = readStoreIsland();
  if (!island || island.unavailable) return;
  const offset = await serverOffsetMs(island.id);
  let state: StatusState = initialStatusState();
  let recheck: ReturnType<typeof setTimeout> | undefined;

  const tick = (): void => {
    const minute = establishmentMinuteNow(island, Date.now() + offset);
    const { state: next, recheckInMs } = nextStatusState(state, isOpenAtMinute(island, minute) ? 'online' : 'offline');
    state = next;
    show(state.status);
    // While a closed reading awaits its re-check the label still shows the previous status; the
    // hours wait with it.
    if (!state.awaitingRecheck) showHours(island, state.status, minute);
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
