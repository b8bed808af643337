// The optional Open Delivery webhook (the standard's POST /v1/newEvent on the Software Service):
// each event written while the establishment had a client with a webhook URL is marked 'pending'
// in its own transaction; this job, run with the server's other jobs after the commit, posts it
// to every such client, signed as the standard says (X-App-Signature: lower-case hex HMAC-SHA256
// of the body, keyed by the client secret), with X-App-Id and X-App-MerchantId. A failed send is
// tried again with a growing wait (1, 2, 4 ... minutes, at most an hour) and given up after
// OD_WEBHOOK_TRIES; polling still delivers the event either way, so nothing waits on the POS.
import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { listDueOdWebhooks, odWebhookClients, setOdWebhookState } from '../db/open-delivery-repo.ts';
import type { OdEventRow } from '../db/types.ts';
import type { OdEvent } from '../../schemas/open-delivery.ts';
import { openForServer, serverSealingKey, type ServerSealingKey } from '../services/sealing-key.ts';
import { webhookSecretContext } from './clients.ts';
import { odMerchantId, uuidV5 } from './ids.ts';
import type { SealedBoxBody } from '../../schemas/sealed-box.ts';

/** The product's Ordering Application id (X-App-Id), the same for every POS. */
export const OD_APP_ID = uuidV5('ordering-application');
export const OD_WEBHOOK_TRIES = 8;
const MAX_WAIT_MS = 3600_000;
const BATCH = 100;
const TIMEOUT_MS = 10_000;

export interface OdWebhookDeps {
  db: Database;
  now: Date;
  /** The public origin the events' orderURL points at (e.g. https://loja.example). */
  origin: string;
  fetch?: typeof fetch;
  sealingKey?: ServerSealingKey;
}

/** The signature of a body with a client secret, as the standard defines X-App-Signature. */
export function odSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function odEventBody(row: OdEventRow, origin: string): OdEvent {
  const event: OdEvent = {
    eventId: row.id,
    eventType: row.event_type,
    orderId: row.od_order_id,
    orderURL: `${origin}/api/open-delivery/v1/orders/${row.od_order_id}`,
    createdAt: row.created_at,
  };
  if (row.metadata) event.metadata = JSON.parse(row.metadata) as OdEvent['metadata'];
  return event;
}

/** Posts one event to every webhook client of its establishment; true when all took it (2xx). */
async function send(deps: OdWebhookDeps, row: OdEventRow): Promise<boolean> {
  const clients = await odWebhookClients(deps.db, row.establishment_id);
  const body = JSON.stringify(odEventBody(row, deps.origin));
  let all = true;
  for (const client of clients) {
    if (!client.webhook_secret) continue;
    try {
      const secret = openForServer(
        JSON.parse(client.webhook_secret) as SealedBoxBody,
        webhookSecretContext(client.client_id),
        deps.sealingKey ?? serverSealingKey(),
      );
      const res = await (deps.fetch ?? fetch)(client.webhook_url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-App-Id': OD_APP_ID,
          'X-App-MerchantId': odMerchantId(row.establishment_id),
          'X-App-Signature': odSignature(body, secret),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (!res.ok) all = false;
    } catch (err) {
      console.warn('[open-delivery] webhook to', client.client_id, 'failed:', (err as Error).message);
      all = false;
    }
  }
  return all;
}

/** One run: every event whose webhook is due, each sent once per try (a parallel run's try misses). Answers how many were delivered. */
export async function runOdWebhooks(deps: OdWebhookDeps): Promise<number> {
  const due = await listDueOdWebhooks(deps.db, deps.now.toISOString(), BATCH);
  let delivered = 0;
  for (const row of due) {
    const tries = row.webhook_tries + 1;
    const wait = Math.min(MAX_WAIT_MS, 60_000 * 2 ** row.webhook_tries);
    // Claimed first (the next try's time set), so two processes do not send the same try.
    const claimed = await setOdWebhookState(deps.db, row.id, row.webhook_tries, {
      webhook_state: 'pending',
      webhook_tries: tries,
      webhook_next_at: new Date(deps.now.getTime() + wait).toISOString(),
    });
    if (!claimed) continue;
    if (await send(deps, row)) {
      await setOdWebhookState(deps.db, row.id, tries, { webhook_state: 'sent', webhook_tries: tries, webhook_next_at: null });
      delivered++;
    } else if (tries >= OD_WEBHOOK_TRIES)
      await setOdWebhookState(deps.db, row.id, tries, { webhook_state: 'failed', webhook_tries: tries, webhook_next_at: null });
  }
  return delivered;
}
