// The composition of the adapters: which implementation of each port (payment-gateway.ts, sms.ts,
// email.ts, whatsapp.ts, geocoder.ts) the server runs, by its configuration. The ports know none of
// their implementations; the real engines sit next to them in adapters/, the demo's stand-ins
// (the sandbox acquirer, the outbox senders) in src/server/sandboxes/. The Pix PSP needs no choice
// here: production and the demo use one HTTP client (pix-psp.ts), the sandbox PSP being reached
// over HTTP like any other. src/server/deployment.ts refuses to start production on a sandbox;
// each choice below also refuses one outside the demo on its own.
import { config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createEmailOutboxSender, createOutboxSender, createSmsOutboxSender } from '../sandboxes/outbox-senders.ts';
import { createSandboxGateway } from '../sandboxes/payment-sandbox.ts';
import { EmailSendError, type EmailSender } from './email.ts';
import { createSmtpSender } from './email-smtp.ts';
import { geocoderIdentity, type Geocoder } from './geocoder.ts';
import { createNominatimGeocoder } from './geocoder-nominatim.ts';
import { createOfflineGeocoder } from './geocoder-offline.ts';
import { noPaymentGateway, type PaymentGateway } from './payment-gateway.ts';
import { createMercadoPagoGateway } from './payment-mercadopago.ts';
import { SmsSendError, type SmsSender } from './sms.ts';
import { createZenviaSender } from './sms-zenvia.ts';
import { WhatsAppSendError, type WhatsAppSender } from './whatsapp.ts';
import { createCloudApiSender } from './whatsapp-cloud.ts';

/**
 * The gateway the API uses unless it is given one: PAYMENT_GATEWAY=mercadopago; in the demo the
 * sandbox acquirer unless told otherwise; in production without a gateway, none: every call is
 * gateway_offline, so a card is never taken by a stand-in (the start-up check, src/server/deployment.ts,
 * already refuses to start when an establishment takes cards).
 */
export function defaultPaymentGateway(db: Database): Required<PaymentGateway> {
  const p = config.payments;
  if (p.gateway === 'mercadopago') {
    if (!p.mercadoPago.accessToken) throw new Error('PAYMENT_GATEWAY=mercadopago needs MERCADOPAGO_ACCESS_TOKEN');
    return createMercadoPagoGateway({ accessToken: p.mercadoPago.accessToken, apiUrl: p.mercadoPago.apiUrl });
  }
  if (p.gateway === 'sandbox' || p.gateway === '') {
    if (config.demo) return createSandboxGateway(db, { latencyMs: p.sandboxLatencyMs });
    if (p.gateway === 'sandbox') throw new Error('PAYMENT_GATEWAY=sandbox exists only in the demo (VITRINE_MODE=demo)');
    return noPaymentGateway();
  }
  throw new Error(`PAYMENT_GATEWAY must be 'mercadopago' (or 'sandbox' in the demo), not '${p.gateway}'`);
}

/**
 * The SMS sender the API uses unless it is given one: Zenvia when configured; else the outbox in the
 * demo, and in production none (every send fails: a code is never written where it could be read).
 */
export function defaultSmsSender(db: Database): SmsSender {
  const s = config.sms;
  if (s.zenviaToken && s.zenviaFrom) return createZenviaSender({ token: s.zenviaToken, from: s.zenviaFrom, apiUrl: s.zenviaApiUrl });
  if (config.demo) return createSmsOutboxSender(db);
  return {
    engine: 'none',
    async send() {
      throw new SmsSendError('SMS is not configured (ZENVIA_API_TOKEN, ZENVIA_SMS_FROM)');
    },
  };
}

/** The e-mail sender the API uses unless it is given one: SMTP when SMTP_URL is set; else the outbox in the demo, and in production none (every send fails). */
export function defaultEmailSender(db: Database): EmailSender {
  if (config.email.smtpUrl) return createSmtpSender(config.email.smtpUrl, config.email.from);
  if (config.demo) return createEmailOutboxSender(db);
  return {
    engine: 'none',
    async send() {
      throw new EmailSendError('e-mail is not configured (SMTP_URL)');
    },
  };
}

/** The WhatsApp sender the API uses unless it is given one: the Cloud API when configured, else the outbox. */
export function defaultWhatsAppSender(db: Database): WhatsAppSender {
  const w = config.whatsapp;
  if (w.accessToken && w.phoneNumberId) {
    return createCloudApiSender({
      accessToken: w.accessToken,
      phoneNumberId: w.phoneNumberId,
      apiVersion: w.apiVersion,
      apiUrl: w.apiUrl,
      template: w.template ? { name: w.template, language: w.templateLanguage } : null,
    });
  }
  // The outbox is the demo's; production without the Cloud API has no WhatsApp: the order page
  // offers no updates (connected false) and nothing is written anywhere.
  if (config.demo) return createOutboxSender(db, { connected: true });
  return {
    engine: 'none',
    connected: false,
    async send() {
      throw new WhatsAppSendError('WhatsApp is not configured (WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID)');
    },
  };
}

let offline: Geocoder | undefined;
let remote: { identity: string; geocoder: Geocoder } | undefined;

/**
 * The geocoder the API uses: Nominatim-compatible at GEOCODER_URL when set, else the offline one.
 * Read per call, so a changed `config.geocoderUrl` takes effect (one client per URL and identity,
 * which keeps its answer cache).
 */
export function defaultGeocoder(): Geocoder {
  const url = config.geocoderUrl;
  if (!url) {
    offline ??= createOfflineGeocoder();
    return offline;
  }
  const { userAgent, referer } = geocoderIdentity();
  const identity = `${url}\0${userAgent}\0${referer}`;
  if (remote?.identity !== identity) remote = { identity, geocoder: createNominatimGeocoder({ url, userAgent, referer }) };
  return remote.geocoder;
}
