// An establishment's Open Delivery OAuth2 clients (docs/open-delivery.md 'Credentials'): the
// standard wants one client id and secret per merchant. The secret is shown once, when created;
// only its SHA-256 is kept (it is 32 random bytes, so a fast hash is as safe as a slow one).
// Revoking a client ends its tokens at once. The CLI (scripts/open-delivery.ts) and the owner's
// panel (api/routes/open-delivery-credentials.ts) both come here.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { insertOdClient, listOdClients, revokeOdClient } from '../db/open-delivery-repo.ts';
import type { OdClientRow } from '../db/types.ts';
import { odSecretHash } from './secrets.ts';
import { seal } from '../../lib/sealed-box.ts';
import { serverSealingKey, type ServerSealingKey } from '../services/sealing-key.ts';
import { hitOrRefuse } from '../services/rate-limit.ts';
import { Refusal } from '../services/refusal.ts';
import type { OdCredentialCreatedAnswer, OdCredentialView } from '../../schemas/api-open-delivery-credentials.ts';

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

// ---------------------------------------------------------------- the owner's, in the panel

/** Credentials an establishment may create in an hour from the panel (each is a secret to guard). */
export const OD_CREDENTIALS_PER_HOUR = 10;

export function credentialView(row: Pick<OdClientRow, 'client_id' | 'created_at' | 'revoked_at' | 'webhook_url'>): OdCredentialView {
  return { client_id: row.client_id, created_at: row.created_at, revoked_at: row.revoked_at, webhook: row.webhook_url !== null };
}

/** The establishment's credentials, oldest first, revoked ones included (they say when). */
export async function listCredentials(db: Database, establishmentId: string): Promise<OdCredentialView[]> {
  return (await listOdClients(db, establishmentId)).map(credentialView);
}

/**
 * A credential created from the panel, its secret answered this once. Without a webhook: the
 * server would post to any address typed there, so a webhook stays the operator's, on the command
 * line. 429 too_many_od_clients past OD_CREDENTIALS_PER_HOUR in an hour, counted in one statement
 * before anything is written, so parallel creations cannot outrun it.
 */
export async function createCredential(db: Database, establishmentId: string, now: Date): Promise<OdCredentialCreatedAnswer> {
  await hitOrRefuse(db, [{ key: `od-credentials:${establishmentId}`, max: OD_CREDENTIALS_PER_HOUR, windowSeconds: 60 * 60 }], now, 'too_many_od_clients');
  const { clientId, clientSecret } = await createOdClient(db, establishmentId, now);
  return {
    credential: credentialView({ client_id: clientId, created_at: now.toISOString(), revoked_at: null, webhook_url: null }),
    client_secret: clientSecret,
  };
}

/** Revokes a working credential of the establishment; 404 od_client_not_found for one unknown, of another establishment or already revoked. */
export async function revokeCredential(db: Database, establishmentId: string, clientId: string, now: Date): Promise<void> {
  if (!(await revokeClient(db, establishmentId, clientId, now))) throw new Refusal('not_found', 'od_client_not_found');
}
