// The sockets this process holds, one room per establishment, at partysocket's URL scheme
// /parties/establishment/<establishment id> [R-7.77]. A page connects as a visitor or, with its
// establishment's session cookie, as that customer, or with a staff session of that establishment,
// as its staff (the panel): every page of the room is told when the catalogue changed ('updated');
// an order's event goes to its customer's pages and to the establishment's staff pages only. Pages send
// nothing; the server pings every 30 s and lets go of sockets that stop answering.
//
// Anyone may open these sockets, so what the hub holds is bounded: at most `maxSockets` in the
// process and `maxSocketsPerAddress` per client address (an IPv6 /64), counted from the moment an
// upgrade is let in (before its database lookups, so parallel upgrades cannot all pass); more are
// closed at once with 1013 (Try Again Later: the process is full) or 4029 (too many from this
// address). What is kept per room (its sockets, the establishment's company) goes when its last
// socket does, and nothing is kept for an id that is no active establishment.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { Database } from '../db/database.ts';
import { getEstablishmentCompany } from '../db/establishments-repo.ts';
import { lookupSession } from '../services/session.ts';
import { hashToken } from '../services/auth.ts';
import { sessionCookieName } from '../../schemas/session-cookies.ts';
import { LIVE_PATH_PREFIX, type LiveMessage } from '../../schemas/live.ts';
import { clientAddress } from '../client-address.ts';
import { config } from '../config.ts';
import { limitAddress } from '../services/rate-limit.ts';

const ROOM = /^[A-Za-z0-9_-]{1,64}$/;
export const HEARTBEAT_MS = 30_000;
/** How long an establishment's company and state are reused for new connections. */
const ROOM_INFO_MS = 60_000;
/** Close code for a socket refused because the process holds its most sockets (RFC 6455's 'Try Again Later'). */
export const CLOSE_SERVER_FULL = 1013;
/** Close code for a socket refused because its client address holds its most sockets (as HTTP's 429). */
export const CLOSE_TOO_MANY_FROM_ADDRESS = 4029;

interface Peer {
  ws: WebSocket;
  userId: string | null;
  tokenHash: string | null;
  /** The staff member whose session opened the socket (the panel), null for a storefront page. */
  staffMemberId: string | null;
  alive: boolean;
}

/** The staff member whose session for `establishmentId` a cookie header carries, if it is valid. */
export type StaffOfCookie = (cookieHeader: string, establishmentId: string, now: Date) => Promise<{ memberId: string } | null>;

export interface LiveHubOptions {
  db: Database;
  now: () => Date;
  /** Sockets the process holds at most; default LIVE_MAX_SOCKETS. */
  maxSockets?: number;
  /** Sockets one client address holds at most; default LIVE_MAX_SOCKETS_PER_ADDRESS. */
  maxSocketsPerAddress?: number;
  /** Who of the establishment's staff a socket is for (without it, no socket is staff's). */
  staffOf?: StaffOfCookie;
}

export class LiveHub {
  private readonly rooms = new Map<string, Set<Peer>>();
  private readonly roomInfo = new Map<string, { companyId: string; at: number }>();
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1024, clientTracking: false });
  private readonly heartbeat: NodeJS.Timeout;
  private count = 0;
  /** Sockets open or being opened, in all and per client address (an address leaves the map with its last). */
  private taken = 0;
  private readonly takenBy = new Map<string, number>();
  private readonly opts: LiveHubOptions;
  private readonly maxSockets: number;
  private readonly maxSocketsPerAddress: number;

  constructor(opts: LiveHubOptions) {
    this.opts = opts;
    this.maxSockets = opts.maxSockets ?? config.liveMaxSockets;
    this.maxSocketsPerAddress = opts.maxSocketsPerAddress ?? config.liveMaxSocketsPerAddress;
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

  /** What the hub keeps, for tests and reports: rooms with sockets, rooms whose company is known, client addresses holding sockets. */
  get held(): { rooms: number; roomInfo: number; addresses: number } {
    return { rooms: this.rooms.size, roomInfo: this.roomInfo.size, addresses: this.takenBy.size };
  }

  /**
   * Takes over an HTTP upgrade: 404 for an unknown path or establishment, 403 for a page of
   * another site (the Origin's host must be the Host the request was sent to), a socket closed at
   * once with 1013 or 4029 beyond the limits, else the socket.
   */
  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?', 1)[0]!;
    const room = decodeURIComponentSafe(path.slice(LIVE_PATH_PREFIX.length).replace(/\/$/, ''));
    if (!room || !ROOM.test(room)) return refuse(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (origin && !sameHost(origin, req.headers.host)) return refuse(socket, 403, 'Forbidden');
    const address = limitAddress(clientAddress({ remoteAddress: req.socket.remoteAddress, forwardedFor: headerValue(req.headers['x-forwarded-for']) }));
    const full =
      this.taken >= this.maxSockets ? CLOSE_SERVER_FULL : (this.takenBy.get(address) ?? 0) >= this.maxSocketsPerAddress ? CLOSE_TOO_MANY_FROM_ADDRESS : 0;
    if (full) {
      // Refused after the handshake, with a close code the browser's socket can read (an HTTP
      // refusal reaches a page's script only as a failed connection); no database work first.
      this.wss.handleUpgrade(req, socket, head, (ws) => ws.close(full, full === CLOSE_SERVER_FULL ? 'server full' : 'too many sockets'));
      return;
    }
    // Taken now, before anything is awaited, and given back by whichever way the socket goes.
    this.take(address);
    let joined = false;
    try {
      const companyId = await this.companyOf(room);
      if (!companyId) return refuse(socket, 404, 'Not Found');
      const who = await this.customerOf(req, room, companyId);
      const staff = req.headers.cookie && this.opts.staffOf ? await this.opts.staffOf(req.headers.cookie, room, this.opts.now()) : null;
      if (socket.destroyed) return;
      // Without verifyClient, ws calls back before handleUpgrade returns (or never, for a bad handshake).
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        joined = true;
        this.join(room, ws, who, address, staff?.memberId ?? null);
      });
    } finally {
      if (!joined) this.giveBack(address);
    }
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

  /** Sends to the establishment's staff pages (the panel). */
  toStaff(establishmentId: string, message: LiveMessage): void {
    const peers = this.rooms.get(establishmentId);
    if (!peers) return;
    const data = JSON.stringify(message);
    for (const peer of peers) if (peer.staffMemberId !== null) send(peer, data);
  }

  /** Closes the staff sockets of a member whose sessions ended (removed from the team, logged out everywhere). */
  endStaffMember(memberId: string): void {
    for (const peers of this.rooms.values()) for (const peer of peers) if (peer.staffMemberId === memberId) peer.ws.close(4001, 'session ended');
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
    this.roomInfo.clear();
    this.count = 0;
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private take(address: string): void {
    this.taken++;
    this.takenBy.set(address, (this.takenBy.get(address) ?? 0) + 1);
  }

  private giveBack(address: string): void {
    this.taken--;
    const left = (this.takenBy.get(address) ?? 1) - 1;
    if (left > 0) this.takenBy.set(address, left);
    else this.takenBy.delete(address);
  }

  private join(room: string, ws: WebSocket, who: { userId: string; tokenHash: string } | null, address: string, staffMemberId: string | null): void {
    const peer: Peer = { ws, userId: who?.userId ?? null, tokenHash: who?.tokenHash ?? null, staffMemberId, alive: true };
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
      this.giveBack(address);
      peers.delete(peer);
      if (peers.size === 0 && this.rooms.get(room) === peers) {
        this.rooms.delete(room);
        this.roomInfo.delete(room);
      }
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

  /**
   * The company of an active establishment, null when there is none; reused for a minute while the
   * room has sockets. Only an active establishment's is kept: ids that name none are as many as
   * anyone cares to send.
   */
  private async companyOf(establishmentId: string): Promise<string | null> {
    const hit = this.roomInfo.get(establishmentId);
    if (hit && Date.now() - hit.at < ROOM_INFO_MS) return hit.companyId;
    const row = await getEstablishmentCompany(this.opts.db, establishmentId);
    const companyId = row?.active === 1 ? row.company_id : null;
    if (companyId) this.roomInfo.set(establishmentId, { companyId, at: Date.now() });
    else this.roomInfo.delete(establishmentId);
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

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
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
