// Every setting the server reads from the environment, in one place, with its default.
// README.md lists each of them; keep the two in step.
import { resolve } from 'node:path';

const env = process.env;

/**
 * The demo is a mode of its own, set on purpose (`npm start` sets it): only there do the sandbox
 * acquirer, the sandbox Pix PSP and its pay action, the outbox senders and the outbox page exist.
 * Anything else, a forgotten setting included, is production, which refuses to start without the
 * real parts (src/server/deployment.ts).
 */
export type Mode = 'demo' | 'production';

function readMode(value: string | undefined): Mode {
  const v = (value ?? '').trim();
  if (v === '' || v === 'production') return 'production';
  if (v === 'demo') return 'demo';
  throw new Error(`VITRINE_MODE=${v}: use 'demo' or 'production' (unset is production)`);
}

const mode = readMode(env.VITRINE_MODE);

export const config = {
  /** TCP port the Node server listens on. */
  port: Number(env.PORT ?? 4321),
  /** 'demo' (VITRINE_MODE=demo, set by `npm start`) or 'production' (anything else). */
  mode,
  /** The demo: sandboxes and outboxes, loopback only unless DEMO_PUBLIC=1. */
  demo: mode === 'demo',
  /** Production: real gateway, PSP and senders or no start; unknown hosts redirected; Secure cookies; HSTS. */
  production: mode === 'production',
  /** Interface to bind; localhost by default so a dev machine does not expose the store. */
  host: env.HOST ?? 'localhost',
  /** DEMO_PUBLIC=1: the demo may listen on an interface other than loopback (a public demo, on purpose). */
  demoPublic: (env.DEMO_PUBLIC ?? '').trim() === '1',
  /**
   * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (comma-separated
   * addresses or CIDR blocks; 'loopback' = 127.0.0.0/8 and ::1). A request from anywhere else is
   * taken at its socket's word: its own address, TLS only when the socket is TLS.
   */
  trustedProxies: (env.TRUSTED_PROXIES ?? 'loopback').trim(),
  /** Folder holding the embedded SQLite database, uploads and generated images. */
  dataDir: resolve(env.DATA_DIR ?? './data'),
  /** PostgreSQL connection string; when set, PostgreSQL replaces the embedded SQLite file. */
  databaseUrl: env.DATABASE_URL ?? '',
  /** Origin of the product's own host, used for canonical URLs of tenants without a custom domain. */
  publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? 4321}`).replace(/\/$/, ''),
  /** Largest accepted request body, in bytes; larger bodies get 413. */
  maxBodyBytes: Number(env.MAX_BODY_BYTES ?? 1_048_576),
  /**
   * How long an order request holds its Idempotent-Key before a retry may take it over (its process
   * died), in ms: longer than any order takes, a card's charge included (the gateway answers within 15 s).
   */
  idempotencyLockMs: Number(env.IDEMPOTENCY_LOCK_MS ?? 60_000),
  /** Shared secret for the server's internal endpoints (cache re-render after an import). */
  internalToken: env.INTERNAL_TOKEN ?? '',
  /** Folder of the built site (Astro output and the generated static catalogue pages). */
  distDir: resolve(env.DIST_DIR ?? './dist'),
  /** Folder of the generated static catalogue pages (default <DIST_DIR>/pages). */
  pagesDir: resolve(env.PAGES_DIR ?? resolve(env.DIST_DIR ?? './dist', 'pages')),
  /** Base URL of a Nominatim-compatible geocoder (e.g. https://nominatim.openstreetmap.org); empty = the offline geocoder. */
  geocoderUrl: (env.GEOCODER_URL ?? '').trim().replace(/\/+$/, ''),
  /** How the geocoder's operators reach the deployment (an e-mail or a URL), sent in the User-Agent as Nominatim's usage policy asks. */
  geocoderContact: (env.GEOCODER_CONTACT ?? '').trim(),
  /**
   * Most requests a second to GEOCODER_URL from every process of the deployment together; 0 = no
   * limit (your own instance). nominatim.openstreetmap.org is held to 1 whatever this says.
   */
  geocoderRequestsPerSecond: Number((env.GEOCODER_REQUESTS_PER_SECOND ?? '').trim() || 1),
  /** URL of a MapLibre style JSON; GET /api/geo/map-style redirects there. Empty = the offline style. */
  mapStyleUrl: (env.MAP_STYLE_URL ?? '').trim(),
  /** The live-updates sockets one process holds (about 5.5 KB each): more are closed at once with code 1013. */
  liveMaxSockets: Number((env.LIVE_MAX_SOCKETS ?? '').trim() || 20_000),
  /** The live-updates sockets one client address (an IPv6 /64) holds in one process: more are closed at once with code 4029. */
  liveMaxSocketsPerAddress: Number((env.LIVE_MAX_SOCKETS_PER_ADDRESS ?? '').trim() || 200),
  /**
   * The HMAC-SHA256 key the one-time codes are kept under (hex or base64url, at least 32 bytes),
   * shared by every process; empty = one kept 0600 in DATA_DIR/one-time-code-secret.
   */
  oneTimeCodeSecret: (env.ONE_TIME_CODE_SECRET ?? '').trim(),
  /** The X25519 secret key card payloads are sealed to (base64url, 32 bytes), shared by every process; empty = one kept in DATA_DIR/sealed-box-key. */
  sealedBoxSecretKey: (env.SEALED_BOX_SECRET_KEY ?? '').trim(),
  /**
   * The WhatsApp Business Cloud API (Meta's Graph API) for the order updates customers ask for.
   * Without a token and a phone number id the messages go to the development outbox instead
   * (src/server/adapters/whatsapp.ts).
   */
  whatsapp: {
    /** A system user's access token with the whatsapp_business_messaging permission. */
    accessToken: (env.WHATSAPP_ACCESS_TOKEN ?? '').trim(),
    /** The id of the business phone number the messages are sent from (not the number itself). */
    phoneNumberId: (env.WHATSAPP_PHONE_NUMBER_ID ?? '').trim(),
    /** Graph API version in the path. */
    apiVersion: (env.WHATSAPP_API_VERSION ?? '').trim() || 'v25.0',
    /** Graph API origin; another one (a proxy, a test server) only when set. */
    apiUrl: ((env.WHATSAPP_API_URL ?? '').trim() || 'https://graph.facebook.com').replace(/\/+$/, ''),
    /** Name of an approved template with four body variables; empty = plain text messages. */
    template: (env.WHATSAPP_TEMPLATE ?? '').trim(),
    /** The template's language code. */
    templateLanguage: (env.WHATSAPP_TEMPLATE_LANGUAGE ?? '').trim() || 'pt_BR',
  },
  /** The payment gateway (docs/payments.md): 'mercadopago', or 'sandbox' (the acquirer built into the server, the demo's default and only there). */
  payments: {
    gateway: (env.PAYMENT_GATEWAY ?? '').trim(),
    /** The sandbox acquirer's answer time, in ms (half on the way in, half on the way back), as a real acquirer's network would take; 0 by default. */
    sandboxLatencyMs: Number(env.PAYMENT_SANDBOX_LATENCY_MS ?? 0),
    mercadoPago: {
      /** The account's access token (APP_USR-... in production, TEST-... for Mercado Pago's test accounts). */
      accessToken: (env.MERCADOPAGO_ACCESS_TOKEN ?? '').trim(),
      /** API origin; another one (a proxy, a test server) only when set. */
      apiUrl: ((env.MERCADOPAGO_API_URL ?? '').trim() || 'https://api.mercadopago.com').replace(/\/+$/, ''),
    },
  },
  /**
   * Pix (docs/payments.md 'Pix'): immediate charges at the establishment's PSP through the Banco
   * Central's API Pix, or at the sandbox PSP built into the server (src/server/adapters/pix-psp.ts).
   */
  pix: {
    /** 'api' (a real PSP at PIX_PSP_URL) or 'sandbox' (the PSP built into the server, called over HTTP at PUBLIC_ORIGIN/api/pix-sandbox: the demo's default and only there). */
    psp: (env.PIX_PSP ?? '').trim(),
    /** The PSP's API Pix base URL, the paths /cob/{txid}, /pix/{e2eid}/devolucao/{id}, /webhook/{chave} under it (e.g. https://pix.example.com/api/v2). */
    apiUrl: (env.PIX_PSP_URL ?? '').trim().replace(/\/+$/, ''),
    /** The PSP's OAuth2 token endpoint; empty = <PIX_PSP_URL>/oauth/token. */
    tokenUrl: (env.PIX_TOKEN_URL ?? '').trim(),
    /** OAuth2 client credentials the PSP issued; for the sandbox, empty = the sandbox's own. */
    clientId: (env.PIX_CLIENT_ID ?? '').trim(),
    clientSecret: (env.PIX_CLIENT_SECRET ?? '').trim(),
    /** The receiver's Pix key (chave DICT) the charges are made to; for the sandbox, empty = the sandbox's own. */
    key: (env.PIX_KEY ?? '').trim(),
    /** The HMAC-SHA256 key of the webhook's X-Pix-Signature, shared by every process; empty = one kept 0600 in DATA_DIR/pix-webhook-secret. */
    webhookSecret: (env.PIX_WEBHOOK_SECRET ?? '').trim(),
    /** How long a customer has to pay a Pix charge, in seconds (the charge's calendario.expiracao). */
    chargeSeconds: Number((env.PIX_CHARGE_SECONDS ?? '').trim() || 1800),
  },
  /**
   * SMS for the phone codes through Zenvia's API (https://api.zenvia.com/v2/channels/sms/messages).
   * Without a token the messages go to the development outbox (src/server/adapters/sms.ts).
   */
  sms: {
    /** An API token made in Zenvia's console (header X-API-TOKEN). */
    zenviaToken: (env.ZENVIA_API_TOKEN ?? '').trim(),
    /** The sender id of the SMS channel (the account's keyword or user id in Zenvia's platform). */
    zenviaFrom: (env.ZENVIA_SMS_FROM ?? '').trim(),
    /** API origin; another one (a proxy, a test server) only when set. */
    zenviaApiUrl: ((env.ZENVIA_API_URL ?? '').trim() || 'https://api.zenvia.com').replace(/\/+$/, ''),
  },
  /** E-mail for the address codes: SMTP through nodemailer when SMTP_URL is set, else the development outbox. */
  email: {
    /** e.g. smtps://user:password@smtp.example.com:465 or smtp://localhost:2525. */
    smtpUrl: (env.SMTP_URL ?? '').trim(),
    /** The From of every message. */
    from: (env.SMTP_FROM ?? '').trim() || 'Loja <nao-responda@localhost>',
  },
};

export type Config = typeof config;
