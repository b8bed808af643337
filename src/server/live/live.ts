// Live updates in one server process: the socket hub, the event bus to the other processes, and
// what each event does here. Catalogue events drop what this process holds in memory about the
// establishment (search index, catalogue reads, stored page bytes) before its pages are told to
// reload; order events reach the owner's pages and the establishment's staff pages only. docs/architecture.md 'Live updates'.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Database, Engine } from '../db/database.ts';
import type { LiveEvent } from '../../schemas/live-events.ts';
import { catalogueChanged } from '../catalogue-events.ts';
import { keptValue } from '../kept-value.ts';
import { dropEstablishmentPages, heldPages, pageFolder } from '../page-store.ts';
import { memoryBus, postgresBus, type EventBus } from './bus.ts';
import { LiveHub } from './hub.ts';
import { staffOfCookie } from '../services/staff.ts';

export interface Live {
  hub: LiveHub;
  /** This process's name on the bus. */
  processId: string;
  /** The stored pages' folder's name, shared by every process that writes into the same folder. */
  pagesStore: string;
  /** Sends an event to every process, this one included. */
  publish(event: LiveEvent): Promise<void>;
  close(): Promise<void>;
}

export interface LiveOptions {
  db: Database;
  engine: Engine;
  /** The PostgreSQL URL the database was opened with (required for engine 'postgres'). */
  databaseUrl: string;
  pagesDir: string;
  now?: () => Date;
  /** The hub's socket limits (default: LIVE_MAX_SOCKETS, LIVE_MAX_SOCKETS_PER_ADDRESS). */
  maxSockets?: number;
  maxSocketsPerAddress?: number;
}

export async function startLive(opts: LiveOptions): Promise<Live> {
  const processId = randomBytes(9).toString('base64url');
  const pagesStore = pagesStoreName(opts.pagesDir);
  const bus: EventBus = opts.engine === 'postgres' ? await postgresBus(opts.db, opts.databaseUrl) : memoryBus();
  const hub = new LiveHub({
    db: opts.db,
    now: opts.now ?? (() => new Date()),
    maxSockets: opts.maxSockets,
    maxSocketsPerAddress: opts.maxSocketsPerAddress,
    staffOf: staffOfCookie(opts.db),
  });

  async function apply(event: LiveEvent): Promise<void> {
    switch (event.kind) {
      case 'catalogue-changed':
        hub.forgetRoom(event.establishment_id);
        if (event.origin !== processId) catalogueChanged({ slug: event.slug });
        return;
      case 'catalogue-rendered':
        if (event.origin !== processId) {
          catalogueChanged({ slug: event.slug });
          // Pages stored in a folder of this process's own were made from the old catalogue.
          if (event.pages_store !== pagesStore) await dropEstablishmentPages(event.slug);
          else {
            const folder = pageFolder(`/${event.slug}`);
            if (folder) heldPages.forget(folder);
          }
        }
        hub.toRoom(event.establishment_id, { type: 'updated' });
        return;
      case 'order': {
        const message = { type: 'order', order_id: event.order_id, status: event.status, step: event.step, updated_at: event.updated_at } as const;
        hub.toCustomer(event.establishment_id, event.user_id, message);
        hub.toStaff(event.establishment_id, message);
        return;
      }
      case 'session-ended':
        hub.endSession(event.token_hash);
        return;
      case 'user-sessions-ended':
        hub.endUserSessions(event.user_id, event.except_token_hash);
        return;
      case 'staff-sessions-ended':
        hub.endStaffMember(event.member_id);
        return;
    }
  }

  const stopEvents = bus.subscribe((event) => {
    apply(event).catch((err: unknown) => console.error('[live] event failed', event.kind, err));
  });
  // Events sent while this process was not listening are lost: every page reads again what it shows.
  const stopGaps = bus.onGap(() => hub.toEveryone({ type: 'resync' }));

  return {
    hub,
    processId,
    pagesStore,
    publish: (event) => bus.publish(event),
    async close() {
      stopEvents();
      stopGaps();
      await bus.close();
      await hub.close();
    },
  };
}

/** Hands the server's upgrade requests for /parties/establishment/<id> to the hub; refuses any other. */
export function acceptLiveSockets(server: Server, hub: LiveHub): void {
  server.on('upgrade', (req, socket, head) => {
    if (!LiveHub.handles(req.url)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    hub.upgrade(req, socket, head).catch((err: unknown) => {
      console.error('[live] upgrade failed', req.url, err);
      socket.destroy();
    });
  });
}

/**
 * A random name kept in the pages folder: processes that store pages into one folder (one
 * machine, or a shared volume) read the same name; a process with a folder of its own another.
 */
function pagesStoreName(pagesDir: string): string {
  return keptValue(
    join(pagesDir, '.store-name'),
    () => randomBytes(9).toString('base64url'),
    (name) => /^[A-Za-z0-9_-]{8,64}$/.test(name),
  );
}
