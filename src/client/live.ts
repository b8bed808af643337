// The page's one live-updates socket to its establishment's channel [R-7.77] (partysocket, at
// /parties/establishment/<id>), shared by the page scripts (the reload prompt) and the islands
// (order page, 'Meus pedidos'). partysocket reconnects on its own; after a reconnection the
// listeners are told so they can read again what they show, since events sent while the socket
// was down are not replayed. The socket follows the session: after a login or logout it connects
// again, so the server knows whose order updates it may send.
// <html data-live="connected|down"> says where it stands (for people debugging, and the tests).
import type PartySocket from 'partysocket';
import { LIVE_PARTY, type LiveMessage } from '../schemas/live.ts';
import { onSessionChange } from './session.ts';

export type LiveState = { connected: boolean; reconnected: boolean };

// One per page, shared through globalThis: the page scripts and an island may load this module as two copies.
interface Shared {
  establishmentId: string;
  socket: PartySocket | null;
  connected: boolean;
  opens: number;
  messages: Set<(message: LiveMessage) => void>;
  states: Set<(state: LiveState) => void>;
}
const g = globalThis as typeof globalThis & { __storefrontLive?: Shared };

function shared(): Shared {
  g.__storefrontLive ??= { establishmentId: '', socket: null, connected: false, opens: 0, messages: new Set(), states: new Set() };
  return g.__storefrontLive;
}

/** Opens the socket of `establishmentId` once per page (later calls do nothing). */
export async function startLive(establishmentId: string): Promise<void> {
  const s = shared();
  if (s.establishmentId) return;
  s.establishmentId = establishmentId;
  let PartySocket: typeof import('partysocket').default;
  try {
    PartySocket = (await import('partysocket')).default;
  } catch (err) {
    // Offline or a new deployment: a later call may try again.
    s.establishmentId = '';
    throw err;
  }
  const socket = new PartySocket({
    host: location.host,
    protocol: location.protocol === 'https:' ? 'wss' : 'ws',
    party: LIVE_PARTY,
    room: establishmentId,
    // A restarted server is found again within about 2 s; a long outage is tried every 15 s at most.
    minReconnectionDelay: 500 + Math.random() * 1000,
    maxReconnectionDelay: 15_000,
  });
  s.socket = socket;
  const setState = (connected: boolean) => {
    s.connected = connected;
    document.documentElement.dataset.live = connected ? 'connected' : 'down';
    const state = { connected, reconnected: connected && s.opens > 1 };
    for (const listener of s.states) listener(state);
  };
  socket.addEventListener('open', () => {
    s.opens++;
    setState(true);
  });
  socket.addEventListener('close', () => {
    if (s.connected) setState(false);
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    const message = parse(event.data);
    if (message) for (const listener of s.messages) listener(message);
  });
  // A login, a logout or another customer: the server learns who the socket is for at the connection.
  let customer: string | null | undefined;
  onSessionChange((user) => {
    const now = user?._id ?? null;
    if (now === customer) return;
    customer = now;
    socket.reconnect();
  });
}

/** Calls `listener` with every message of the channel; answers the function that stops it. */
export function onLiveMessage(listener: (message: LiveMessage) => void): () => void {
  const s = shared();
  s.messages.add(listener);
  return () => s.messages.delete(listener);
}

/** Calls `listener` whenever the socket connects (`reconnected` after the first time) or drops. */
export function onLiveState(listener: (state: LiveState) => void): () => void {
  const s = shared();
  s.states.add(listener);
  return () => s.states.delete(listener);
}

/** Whether the socket is open now (when it is not, pages poll). */
export function liveConnected(): boolean {
  return shared().connected;
}

function parse(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return value && (value.type === 'updated' || value.type === 'order' || value.type === 'resync') ? (value as LiveMessage) : null;
  } catch {
    return null;
  }
}
