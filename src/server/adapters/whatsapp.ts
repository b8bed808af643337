// The WhatsApp adapter behind the order updates a customer asks for [R-7.27..R-7.29]: one business
// number serves every establishment (each message names its establishment). Two engines: the
// WhatsApp Business Cloud API when WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set
// (whatsapp-cloud.ts), else the development outbox (whatsapp-outbox.ts), where every message is
// kept for the outbox page instead of being delivered.
import { config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createCloudApiSender } from './whatsapp-cloud.ts';
import { createOutboxSender } from './whatsapp-outbox.ts';

export interface WhatsAppMessage {
  /** The customer's number in E.164, e.g. '+5511987654321'. */
  to: string;
  /** The whole message in Portuguese, as a text message carries it. */
  text: string;
  /**
   * The same message as the values of an approved template's body variables ({{1}}, {{2}}...), for
   * business-initiated sends, which WhatsApp takes only as templates outside a conversation.
   */
  templateParams: string[];
}

export interface WhatsAppSender {
  /** 'none': production without the Cloud API configured. */
  readonly engine: 'cloud_api' | 'outbox' | 'none';
  /**
   * Whether the establishment's bot is connected, that is whether a customer who asks for updates
   * gets them: the Cloud API once configured; the outbox outside production only (in production
   * nobody reads it, so the order page does not offer the updates).
   */
  readonly connected: boolean;
  send(message: WhatsAppMessage, now: Date): Promise<void>;
}

/** The channel refused or did not answer (HTTP error, timeout, unreadable answer). */
export class WhatsAppSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WhatsAppSendError';
  }
}

/** The sender the API uses unless it is given one: the Cloud API when configured, else the outbox. */
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
