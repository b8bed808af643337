// The sockets this process holds, one room per establishment, at partysocket's URL scheme
// /parties/establishment/<establishment id> [R-7.77]. A page connects as a visitor or, with its
// establishment's session cookie, as that customer: every page of the room is told when the
// catalogue changed ('updated'), and only the owner's pages are told about an order. Pages send
// nothing; the server pings every 30 s and lets go of sockets that stop answering.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { Database } from '../db/database.ts';
import { lookupSession } from '../services/session.ts';
import { hashToken } from '../services/auth.ts';
import { sessionCookieName } from '../../schemas/session-cookies.ts';
import { LIVE_PATH_PREFIX, type LiveMessage } from '../../schemas/live.ts';

const ROOM = /^[A-Za-z0-9_-]{1,64}$/;
export const HEARTBEAT_MS = 30_000;
/** How long an establishment's company and state are reused for new connections. */
const ROOM_INFO_MS = 60_000;

interface Peer {
  ws: WebSocket;
  userId: string | null;
  tokenHash: string | null;
  alive: boolean;
}

export interface LiveHubOptions {
  db: Database;
  now: () => Date;
}

export class LiveHub {
  private readonly rooms = new Map<string, Set<Peer>>();
  private readonly roomInfo = new Map<string, { companyId: string | null; at: number }>();
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1024, clientTracking: false });
  private readonly heartbeat: NodeJS.Timeout;
  private count = 0;
  private readonly opts: LiveHubOptions;

  constructor(opts: LiveHubOptions) {
    this.opts = opts;
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Whether an upgrade request is for this hub. */
  static handles(url: string | undefined): boolean {
    return (url ?? '').startsWith(LIVE_PATH_PREFIX);
  }

  /** Open sockets in this process. */
  get connections(): number {
    return this.count;
  }

  /**
   * Takes over an HTTP upgrade: 404 for an unknown path or establishment, 403 for a page of
   * another site (the Origin's host must be the Host the request was sent to), else the socket.
   */
  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?', 1)[0]!;
    const room = decodeURIComponentSafe(path.slice(LIVE_PATH_PREFIX.length).replace(/\/$/, ''));
    if (!room || !ROOM.test(room)) return refuse(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (origin && !sameHost(origin, req.headers.host)) return refuse(socket, 403, 'Forbidden');
    const companyId = await this.companyOf(room);
    if (!companyId) return refuse(socket, 404, 'Not Found');
    const who = await this.customerOf(req, room, companyId);
    if (socket.destroyed) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.join(room, ws, who));
  }

  /** Sends to every page of an establishment. */
  toRoom(establishmentId: string, message: LiveMessage): void {
    const peers = this.rooms.get(establishmentId);
    if (!peers) return;
    const data = JSON.stringify(message);
    for (const peer of peers) send(peer, data);
  }

  /** Sends to the pages of an establishment where `userId` is logged in. */
  toCustomer(establishmentId: string, userId: string, message: LiveMessage): void {
    const peers = this.rooms.get(establishmentId);
    if (!peers) return;
    const data = JSON.stringify(message);
    for (const peer of peers) if (peer.userId === userId) send(peer, data);
  }

  /** Sends to every page this process holds. */
  toEveryone(message: LiveMessage): void {
    const data = JSON.stringify(message);
    for (const peers of this.rooms.values()) for (const peer of peers) send(peer, data);
  }

  /** Closes the sockets opened with a session that has ended (code 4001): the page connects again as a visitor. */
  endSession(tokenHash: string): void {
    for (const peers of this.rooms.values()) for (const peer of peers) if (peer.tokenHash === tokenHash) peer.ws.close(4001, 'session ended');
  }

  /** Closes the sockets of a customer's sessions but `exceptTokenHash`'s (null: every one), as endSession does. */
  endUserSessions(userId: string, exceptTokenHash: string | null): void {
    for (const peers of this.rooms.values())
      for (const peer of peers) if (peer.userId === userId && peer.tokenHash !== exceptTokenHash) peer.ws.close(4001, 'session ended');
  }

  /** Drops what is known of an establishment (its state may have changed). */
  forgetRoom(establishmentId: string): void {
    this.roomInfo.delete(establishmentId);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const peers of this.rooms.values()) for (const peer of peers) peer.ws.terminate();
    this.rooms.clear();
    this.count = 0;
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private join(room: string, ws: WebSocket, who: { userId: string; tokenHash: string } | null): void {
    const peer: Peer = { ws, userId: who?.userId ?? null, tokenHash: who?.tokenHash ?? null, alive: true };
    let peers = this.rooms.get(room);
    if (!peers) {
      peers = new Set();
      this.rooms.set(room, peers);
    }
    peers.add(peer);
    this.count++;
    ws.on('pong', () => {
      peer.alive = true;
    });
    ws.on('error', () => ws.terminate());
    ws.once('close', () => {
      this.count--;
      peers.delete(peer);
      if (peers.size === 0 && this.rooms.get(room) === peers) this.rooms.delete(room);
    });
  }

  private beat(): void {
    for (const peers of this.rooms.values())
      for (const peer of peers) {
        if (!peer.alive) {
          peer.ws.terminate();
          continue;
        }
        peer.alive = false;
        peer.ws.ping();
      }
  }

  /** The company of an active establishment, null when there is none; reused for a minute. */
  private async companyOf(establishmentId: string): Promise<string | null> {
    const hit = this.roomInfo.get(establishmentId);
    if (hit && Date.now() - hit.at < ROOM_INFO_MS) return hit.companyId;
    const row = await this.opts.db.selectFrom('establishments').select(['company_id', 'active']).where('id', '=', establishmentId).executeTakeFirst();
    const companyId = row?.active === 1 ? row.company_id : null;
    this.roomInfo.set(establishmentId, { companyId, at: Date.now() });
    return companyId;
  }

  /** The customer whose session cookie for this establishment the request carries, if it is valid. */
  private async customerOf(req: IncomingMessage, establishmentId: string, companyId: string): Promise<{ userId: string; tokenHash: string } | null> {
    const header = req.headers.cookie;
    if (!header) return null;
    const token = parseCookies(header, sessionCookieName(establishmentId))[sessionCookieName(establishmentId)];
    if (!token) return null;
    const found = await lookupSession(this.opts.db, token, this.opts.now(), companyId);
    return found ? { userId: found.user.id, tokenHash: hashToken(token) } : null;
  }
}

function send(peer: Peer, data: string): void {
  if (peer.ws.readyState === peer.ws.OPEN) peer.ws.send(data);
}

function refuse(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host || !URL.canParse(origin)) return false;
  return new URL(origin).host === host;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
}
