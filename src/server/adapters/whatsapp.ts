// The WhatsApp adapter behind the order updates a customer asks for [R-7.27..R-7.29]: one business
// number serves every establishment (each message names its establishment). Two engines: the
// WhatsApp Business Cloud API when WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set
// (whatsapp-cloud.ts), else the development outbox (src/server/sandboxes/outbox-senders.ts), where
// every message is kept for the outbox page instead of being delivered. Which one runs is chosen in
// src/server/adapters/select.ts.

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
