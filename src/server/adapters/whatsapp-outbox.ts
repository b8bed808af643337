// The default WhatsApp sender: nothing leaves the machine; each message is recorded in the
// development outbox (src/server/db/outbox-repo.ts) and read on the outbox page.
import type { Database } from '../db/database.ts';
import { recordOutboxMessage } from '../db/outbox-repo.ts';
import type { WhatsAppSender } from './whatsapp.ts';

export function createOutboxSender(db: Database, opts: { connected: boolean }): WhatsAppSender {
  return {
    engine: 'outbox',
    connected: opts.connected,
    async send(message, now) {
      await recordOutboxMessage(db, { channel: 'whatsapp', recipient: message.to, text: message.text }, now);
    },
  };
}
