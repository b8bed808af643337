// The SMS port behind the phone codes: Zenvia's SMS API when ZENVIA_API_TOKEN
// and ZENVIA_SMS_FROM are set (sms-zenvia.ts), else, in the demo only, the development outbox, where
// every message is kept for the outbox page (/dev/caixa-de-saida) instead of being delivered
// (src/server/sandboxes/outbox-senders.ts). Which one runs is chosen in src/server/adapters/select.ts.

export interface SmsMessage {
  /** The phone in E.164, e.g. '+5511987654321'. */
  to: string;
  text: string;
}

export interface SmsSender {
  /** 'none': production without a provider configured. */
  readonly engine: 'zenvia' | 'outbox' | 'none';
  send(message: SmsMessage, now: Date): Promise<void>;
}

/** The provider refused or did not answer (HTTP error, timeout, unreadable answer). */
export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
