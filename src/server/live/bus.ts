// The event bus between server processes: what one process changes (an order's status, a
// catalogue rendered again) reaches the sockets every other process holds. One process on the
// embedded SQLite file needs nothing but memory; processes sharing PostgreSQL pass events through
// LISTEN/NOTIFY on one channel, each keeping one connection that listens. A process hears its own
// notifications too, so delivery is one path whichever process the change was made in.
import pg from 'pg';
import { type } from 'arktype';
import type { Database } from '../db/database.ts';
import { notifyChannel } from '../db/live-repo.ts';
import { LiveEvent } from '../../schemas/live-events.ts';

export interface EventBus {
  /** Sends `event` to every process, this one included. Never throws: a lost event is logged (pages fall back to polling). */
  publish(event: LiveEvent): Promise<void>;
  /** Calls `listener` on every event; answers the function that stops it. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Calls `listener` when events may have been missed (the listening connection dropped and came back). */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY payloads must stay under 8000 bytes; ours are a few hundred. */
export const LIVE_CHANNEL = 'storefront_live';

class Listeners<T extends unknown[]> {
  private set = new Set<(...args: T) => void>();
  add(listener: (...args: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(...args: T): void {
    for (const listener of this.set) {
      try {
        listener(...args);
      } catch (err) {
        console.error('[live] listener failed', err);
      }
    }
  }
}

/** One process: events go straight to this process's listeners, after the caller's own work. */
export function memoryBus(): EventBus {
  const events = new Listeners<[LiveEvent]>();
  const gaps = new Listeners<[]>();
  return {
    async publish(event) {
      queueMicrotask(() => events.emit(event));
    },
    subscribe: (listener) => events.add(listener),
    onGap: (listener) => gaps.add(listener),
    async close() {},
  };
}

/**
 * Processes sharing one PostgreSQL database. Publishing is a NOTIFY through the pool `db`; each
 * process holds one more connection of its own for LISTEN, opened again (after 0.25 s, doubling up
 * to 5 s) whenever it drops, and then reports a gap: what was sent meanwhile is lost to it.
 */
export async function postgresBus(db: Database, connectionString: string): Promise<EventBus> {
  const events = new Listeners<[LiveEvent]>();
  const gaps = new Listeners<[]>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;

  function receive(message: pg.Notification): void {
    if (message.channel !== LIVE_CHANNEL || !message.payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      console.error('[live] a notification that is not JSON was ignored');
      return;
    }
    const event = LiveEvent(parsed);
    if (event instanceof type.errors) {
      console.error('[live] a notification was ignored:', event.summary);
      return;
    }
    events.emit(event);
  }

  async function listen(): Promise<void> {
    const c = new pg.Client({ connectionString });
    c.on('notification', receive);
    c.on('error', (err) => {
      console.error('[live] listening connection failed:', err.message);
      dropped(c);
    });
    c.on('end', () => dropped(c));
    await c.connect();
    await c.query(`LISTEN ${LIVE_CHANNEL}`);
    client = c;
  }

  function dropped(c: pg.Client): void {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (!closed) reconnectLater();
  }

  function reconnectLater(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      listen().then(
        () => {
          retryMs = 250;
          gaps.emit();
        },
        (err: Error) => {
          console.error('[live] could not listen again:', err.message);
          retryMs = Math.min(retryMs * 2, 5000);
          if (!closed) reconnectLater();
        },
      );
    }, retryMs);
    timer.unref();
  }

  await listen();
  return {
    async publish(event) {
      try {
        await notifyChannel(db, LIVE_CHANNEL, JSON.stringify(event));
      } catch (err) {
        console.error('[live] an event could not be sent:', (err as Error).message);
      }
    },
    subscribe: (listener) => events.add(listener),
    onGap: (listener) => gaps.add(listener),
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
