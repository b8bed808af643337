// The senders of the development outbox (docs/architecture.md 'Messages to customers'): nothing
// leaves the machine; each WhatsApp update, SMS or e-mail is recorded (src/server/db/outbox-repo.ts)
// and read on the outbox page (/dev/caixa-de-saida). The demo's, chosen by src/server/adapters/select.ts
// when no real channel is configured; production never uses them (src/server/deployment.ts).
import type { Database } from '../db/database.ts';
import { recordOutboxMessage } from '../db/outbox-repo.ts';
import type { EmailSender } from '../adapters/email.ts';
import type { SmsSender } from '../adapters/sms.ts';
import type { WhatsAppSender } from '../adapters/whatsapp.ts';

/** `connected`: whether the order page offers the updates (false: a deployment nobody reads the outbox of). */
export function createOutboxSender(db: Database, opts: { connected: boolean }): WhatsAppSender {
  return {
    engine: 'outbox',
    connected: opts.connected,
    async send(message, now) {
      await recordOutboxMessage(db, { channel: 'whatsapp', recipient: message.to, text: message.text }, now);
    },
  };
}

export function createSmsOutboxSender(db: Database): SmsSender {
  return {
    engine: 'outbox',
    async send(message, now) {
      await recordOutboxMessage(db, { channel: 'sms', recipient: message.to, text: message.text }, now);
    },
  };
}

export function createEmailOutboxSender(db: Database): EmailSender {
  return {
    engine: 'outbox',
    async send(message, now) {
      await recordOutboxMessage(db, { channel: 'email', recipient: message.to, text: `${message.subject}\n\n${message.text}` }, now);
    },
  };
}
