// Hashes of the Open Delivery secrets kept (client secrets, access tokens): both are 32 random
// bytes, so SHA-256 is enough; no slow key derivation is needed against guessing.
import { createHash } from 'node:crypto';

export const odSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
