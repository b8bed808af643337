// The webhook of a key: PUT|GET|DELETE /webhook/{chave}, and the signed delivery of a Pix (with its
// refunds) to {webhookUrl}/pix, as the API Pix calls a receiver.
import { PIX_SIGNATURE_HEADER, signPixWebhook } from '../../adapters/pix-psp.ts';
import { deletePixSandboxWebhook, getPixSandboxWebhook, listPixSandboxRefunds, upsertPixSandboxWebhook } from '../../db/pix-sandbox-repo.ts';
import type { PixSandboxPaymentRow } from '../../db/types.ts';
import type { PixSandbox, RouteContext } from './context.ts';
import { authorise } from './oauth.ts';
import { Problem } from './problems.ts';
import { jsonBody } from './requests.ts';
import { pixView } from './views.ts';

/** How long a webhook delivery may take. */
const DELIVERY_TIMEOUT_MS = 10_000;

const invalidWebhook = (detail: string, violacoes?: { razao: string; propriedade: string }[]) =>
  new Problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', detail, violacoes);
const webhookNotFound = () =>
  new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.', 'O webhook denotado por {chave} não encontra-se estabelecido.');

function isHttpUrl(url: unknown): boolean {
  try {
    const parsed = new URL(String(url));
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** PUT /webhook/{chave}. */
export async function putWebhook(sb: PixSandbox, c: RouteContext<'/webhook/:chave'>) {
  authorise(sb, c);
  const chave = c.req.param('chave');
  if (!chave || chave.length > 77) throw invalidWebhook('O parâmetro chave não corresponde a uma chave DICT válida.');
  const url = (await jsonBody(c)).webhookUrl;
  if (typeof url !== 'string' || !isHttpUrl(url))
    throw invalidWebhook('Campo webhook.webhookUrl não respeita o schema.', [
      { razao: 'Campo webhook.webhookUrl não respeita o schema.', propriedade: 'webhook.webhookUrl' },
    ]);
  await upsertPixSandboxWebhook(sb.db, { chave, webhook_url: url, created_at: sb.now().toISOString() });
  return c.body(null, 200);
}

/** GET /webhook/{chave}. */
export async function getWebhook(sb: PixSandbox, c: RouteContext<'/webhook/:chave'>) {
  authorise(sb, c);
  const row = await getPixSandboxWebhook(sb.db, c.req.param('chave'));
  if (!row) throw webhookNotFound();
  return c.json({ webhookUrl: row.webhook_url, chave: row.chave, criacao: row.created_at });
}

/** DELETE /webhook/{chave}. */
export async function deleteWebhook(sb: PixSandbox, c: RouteContext<'/webhook/:chave'>) {
  authorise(sb, c);
  if (!(await deletePixSandboxWebhook(sb.db, c.req.param('chave')))) throw webhookNotFound();
  return c.body(null, 204);
}

/** The webhook's URL for a registered one: the API Pix calls {webhookUrl}/pix ('/pix' added to its path; its query kept). */
function callbackUrl(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/pix`;
  return url.toString();
}

export type Delivery = { url: string; status: number } | { url: string; error: string } | null;

/** POSTs { pix: [the Pix, with its refunds] } to the key's webhook, signed; null when the key has none. Never throws: a PSP's failed call is its own to retry. */
export async function deliverPix(sb: PixSandbox, chave: string, payment: PixSandboxPaymentRow): Promise<Delivery> {
  const hook = await getPixSandboxWebhook(sb.db, chave);
  if (!hook) return null;
  const url = callbackUrl(hook.webhook_url);
  const body = JSON.stringify({ pix: [pixView(payment, await listPixSandboxRefunds(sb.db, [payment.end_to_end_id]))] });
  try {
    const res = await sb.deliver(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [PIX_SIGNATURE_HEADER]: signPixWebhook(body, sb.secret()) },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 300) console.warn(`[pix-sandbox] webhook ${url} answered ${res.status}`);
    return { url, status: res.status };
  } catch (err) {
    console.warn(`[pix-sandbox] webhook ${url} failed: ${(err as Error).message}`);
    return { url, error: (err as Error).message };
  }
}
