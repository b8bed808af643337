// Boundary schemas of the owner's Open Delivery credentials in the panel (docs/open-delivery.md
// 'Credentials'; the POS's own routes are ./open-delivery.ts): list, create (the secret answered
// once), revoke.
import { type } from 'arktype';

const id = /^[A-Za-z0-9_-]{1,64}$/;

/** A credential is named by its client id, a UUID (src/server/open-delivery/clients.ts). */
export const OdCredentialParams = type({ id, clientId: 'string.uuid' });

/** A credential as the panel lists it: never its secret, which is not kept. */
export interface OdCredentialView {
  client_id: string;
  created_at: string;
  /** null while it works. */
  revoked_at: string | null;
  /** Whether the POS also takes the events by webhook (set on the command line only). */
  webhook: boolean;
}

export interface OdCredentialsAnswer {
  credentials: OdCredentialView[];
}

/** A credential just created, with its secret: the only time the secret is ever answered. */
export interface OdCredentialCreatedAnswer {
  credential: OdCredentialView;
  client_secret: string;
}
