// The public key the browser seals card payloads to (docs/payments.md 'Card data in transit'):
// the same for everyone, so it may be cached for an hour; a changed key is found again when a
// sealed call answers 409 sealed_box_key_changed.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { encryptionKeyAnswer, serverSealingKey } from '../../services/sealing-key.ts';
import type { Answer } from '../route-table.ts';

export const cardKeyRoutes = new Hono<ApiEnv>().get('/cards/encryption-key', (c) => {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.json(encryptionKeyAnswer(c.get('deps').sealingKey ?? serverSealingKey()) satisfies Answer<'GET /cards/encryption-key'>);
});
