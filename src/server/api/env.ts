// What every API handler finds in its context (ApiEnv) and what the API is built from (ApiDeps),
// apart from src/server/api/app.ts so that the routes app.ts mounts can name them without
// importing app.ts back.
import type { ImageStorage } from '../adapters/image-storage.ts';
import type { EmailSender } from '../adapters/email.ts';
import type { PaymentGateway } from '../adapters/payment-gateway.ts';
import type { PixFetch, PixPsp } from '../adapters/pix-psp.ts';
import type { SmsSender } from '../adapters/sms.ts';
import type { WhatsAppSender } from '../adapters/whatsapp.ts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import type { Database, Engine } from '../db/database.ts';
import type { ServerSealingKey } from '../services/sealing-key.ts';
import type { LiveEvent } from '../../schemas/live-events.ts';

export interface ApiDeps {
  db: Database;
  engine: Engine;
  /** The clock; tests move it. */
  now?: () => Date;
  /**
   * Called after an establishment's catalogue changed, to re-render its pages; with `first` (the
   * pages of one changed product) it answers once those are rendered and the open pages told.
   */
  rerender?: (slug: string, first?: readonly string[]) => Promise<{ pages: number }>;
  /** Secret for /api/internal/*; empty disables those routes. */
  internalToken?: string;
  maxBodyBytes?: number;
  /** Where uploaded photos go; default: DATA_DIR/uploads served at /uploads. */
  imageStorage?: ImageStorage;
  /** Session cookies get Secure; default: in production, or when the request came over TLS (a trusted proxy's X-Forwarded-Proto). */
  secureCookies?: boolean;
  /** The catalogue reads held in memory (src/server/cache/catalogue-cache.ts); the server passes one and drops it on the catalogue change signal. */
  catalogueCache?: CatalogueCache;
  /** Sends a live-updates event to every server process (src/server/live); never throws. Absent: nobody is told. */
  publish?: (event: LiveEvent) => Promise<void>;
  /** The key card payloads are sealed to; default: SEALED_BOX_SECRET_KEY or the one kept in DATA_DIR (src/server/services/sealing-key.ts). */
  sealingKey?: ServerSealingKey;
  /** Where the order updates customers ask for go; default: the WhatsApp Cloud API when configured, else the development outbox. */
  whatsApp?: WhatsAppSender;
  /** The payment gateway (docs/payments.md); default: PAYMENT_GATEWAY, the built-in sandbox acquirer unless set. */
  payments?: PaymentGateway;
  /** Where the phone codes go; default: Zenvia when configured, else the development outbox. */
  sms?: SmsSender;
  /** Where the e-mail codes go; default: SMTP when SMTP_URL is set, else the development outbox. */
  email?: EmailSender;
  /** How the sandbox PSP (/api/pix-sandbox) delivers its webhooks; default fetch (a test routes them into its app). */
  pixSandboxFetch?: PixFetch;
  /** The PSP orders' Pix charges are made at (docs/payments.md 'Pix'); default PIX_PSP (the sandbox PSP over HTTP unless set). */
  pix?: PixPsp;
  /** The key of the webhook's signature; default PIX_WEBHOOK_SECRET or the one kept in DATA_DIR. */
  pixWebhookSecret?: string;
  /** How long an order awaiting its Pix waits, seconds; default PIX_CHARGE_SECONDS. */
  pixChargeSeconds?: number;
}

export type ApiEnv = {
  Variables: {
    deps: Required<Pick<ApiDeps, 'db' | 'engine' | 'now' | 'whatsApp' | 'payments' | 'sms' | 'email' | 'pix'>> &
      ApiDeps & {
        /** The sandbox PSP's 'pay this charge' (the webhook's test helper form); absent when the sandbox is not mounted. */
        pixSandboxPay?: (txid: string, amount?: number) => Promise<Response>;
      };
  };
};
