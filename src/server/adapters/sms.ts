// The SMS adapter behind the phone codes: Zenvia's SMS API when ZENVIA_API_TOKEN
// and ZENVIA_SMS_FROM are set (sms-zenvia.ts), else, in the demo only, the development outbox, where
// every message is kept for the outbox page (/dev/caixa-de-saida) instead of being delivered.
import { config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { recordOutboxMessage } from '../db/outbox-repo.ts';
import { createZenviaSender } from './sms-zenvia.ts';

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

export function createSmsOutboxSender(db: Database): SmsSender {
  return {
    engine: 'outbox',
    async send(message, now) {
      await recordOutboxMessage(db, { channel: 'sms', recipient: message.to, text: message.text }, now);
    },
  };
}

/**
 * The sender the API uses unless it is given one: Zenvia when configured; else the outbox in the
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
