// What every part of the sandbox PSP works with: its database and its options, each default
// resolved once (src/server/sandboxes/pix-sandbox.ts composes the parts).
import type { Context } from 'hono';
import type { BlankEnv } from 'hono/types';
import { config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { pixSandboxCredentials, pixWebhookSecret, type PixFetch } from '../../adapters/pix-psp.ts';

export interface PixSandboxOptions {
  db: Database;
  /** The clock (charges expire by it); default the system's. */
  now?: () => Date;
  /** How webhooks are delivered to their absolute URL; default fetch. A test routes them into its app. */
  fetch?: PixFetch;
  /** The key deliveries are signed with; default PIX_WEBHOOK_SECRET or the one kept in DATA_DIR. */
  webhookSecret?: () => string;
  /** The OAuth2 client it accepts; default PIX_CLIENT_ID / PIX_CLIENT_SECRET, else the sandbox's own. */
  credentials?: () => { clientId: string; clientSecret: string };
  /** The origin whose host the charges' locations carry; default PUBLIC_ORIGIN. */
  publicOrigin?: () => string;
  /** Whether it answers at all, read on every request; default: in the demo only (VITRINE_MODE=demo). */
  enabled?: () => boolean;
  /** The receiver's name and city in the BR Code (a PSP writes its account holder's). */
  merchantName?: string;
  merchantCity?: string;
}

/** The options with their defaults: what the sandbox's routes are given. */
export type PixSandbox = Required<Omit<PixSandboxOptions, 'fetch' | 'webhookSecret'>> & {
  deliver: PixFetch;
  secret: () => string;
};

export function pixSandbox(opts: PixSandboxOptions): PixSandbox {
  return {
    db: opts.db,
    now: opts.now ?? (() => new Date()),
    deliver: opts.fetch ?? ((url, init) => fetch(url, init)),
    secret: opts.webhookSecret ?? (() => pixWebhookSecret()),
    credentials: opts.credentials ?? (() => pixSandboxCredentials()),
    publicOrigin: opts.publicOrigin ?? (() => config.publicOrigin),
    enabled: opts.enabled ?? (() => config.demo),
    merchantName: opts.merchantName ?? 'Loja Pix Sandbox',
    merchantCity: opts.merchantCity ?? 'Sao Paulo',
  };
}

/** A route's context, its path naming the params it reads. */
export type RouteContext<Path extends string> = Context<BlankEnv, Path>;
