// An establishment's Open Delivery OAuth2 clients (docs/open-delivery.md 'Credentials'): the
// standard wants one client id and secret per merchant. The secret is shown once, when created;
// only its SHA-256 is kept (it is 32 random bytes, so a fast hash is as safe as a slow one).
// Revoking a client ends its tokens at once.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { insertOdClient, listOdClients, revokeOdClient } from '../db/open-delivery-repo.ts';
import type { OdClientRow } from '../db/types.ts';
import { odSecretHash } from './secrets.ts';
import { seal } from '../../lib/sealed-box.ts';
import { serverSealingKey, type ServerSealingKey } from '../services/sealing-key.ts';

export interface CreatedOdClient {
  clientId: string;
  /** Shown once; never stored. */
  clientSecret: string;
}

/** The context a client's secret is sealed for (so a box of another client does not open as this one's). */
export const webhookSecretContext = (clientId: string) => `open-delivery-webhook:${clientId}`;

/**
 * A new client of the establishment. With a webhook URL, the secret is also kept sealed to the
 * server's key: the standard signs every webhook with an HMAC keyed by it.
 */
export async function createOdClient(
  db: Database,
  establishmentId: string,
  now: Date,
  webhook: { url: string; sealingKey?: ServerSealingKey } | null = null,
): Promise<CreatedOdClient> {
  const clientId = randomUUID();
  const clientSecret = randomBytes(32).toString('base64url');
  await insertOdClient(db, {
    client_id: clientId,
    establishment_id: establishmentId,
    secret_hash: odSecretHash(clientSecret),
    webhook_url: webhook?.url ?? null,
    webhook_secret: webhook ? JSON.stringify(seal(clientSecret, webhook.sealingKey ?? serverSealingKey(), webhookSecretContext(clientId))) : null,
    created_at: now.toISOString(),
    revoked_at: null,
  });
  return { clientId, clientSecret };
}

export function revokeClient(db: Database, establishmentId: string, clientId: string, now: Date): Promise<boolean> {
  return revokeOdClient(db, establishmentId, clientId, now.toISOString());
}

export function listClients(db: Database, establishmentId: string): Promise<OdClientRow[]> {
  return listOdClients(db, establishmentId);
}
