// Immediate charges (cob) at the PSP: PUT /cob/{txid} to create one (idempotent by txid), GET to
// read it with the Pix it received, PATCH to remove it.
import { chargeFromCob, problemOf, withCopyPaste, type PixCharge } from './answers.ts';
import { PixPspError } from './errors.ts';
import { TXID_PATTERN, centsToPixValue } from './formats.ts';
import { refused, type Answer, type PixCall } from './transport.ts';

export interface ChargeRequest {
  txid: string;
  amount: number;
  expiresInSeconds: number;
  description: string;
}

function checkTxid(txid: string): void {
  if (!TXID_PATTERN.test(txid)) throw new PixPspError('invalid_request', `a txid is 26 to 35 letters and digits, got '${txid}'`);
}

function checkChargeRequest(req: ChargeRequest): void {
  checkTxid(req.txid);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
    throw new PixPspError('invalid_request', `a charge's amount is whole centavos > 0, got ${req.amount}`);
  if (!Number.isSafeInteger(req.expiresInSeconds) || req.expiresInSeconds <= 0)
    throw new PixPspError('invalid_request', `expiresInSeconds must be a whole number > 0, got ${req.expiresInSeconds}`);
}

/** GET /cob/{txid}: the charge, or null when the PSP has none. */
async function readCharge(call: PixCall, txid: string): Promise<PixCharge | null> {
  const answer = await call('GET', `/cob/${encodeURIComponent(txid)}`);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw refused(answer, `GET /cob/${txid}`);
  return chargeFromCob(answer.body);
}

/**
 * The charge made before under the txid, when the PSP refused a PUT to it. A PSP may refuse a PUT
 * to a txid it already has (the API allows it to, once a charge is no longer ATIVA) where the
 * sandbox answers the charge: the charge made under this txid is the answer when it is this one
 * (same amount and key), however the PSP answered the retry.
 */
async function chargeMadeBefore(call: PixCall, req: ChargeRequest, answer: Answer): Promise<PixCharge | null> {
  const existing = await readCharge(call, req.txid);
  if (existing && existing.amount !== req.amount)
    throw new PixPspError('txid_reused', `txid ${req.txid} names a charge of ${existing.amount} centavos, not ${req.amount}`, {
      status: answer.status,
      problem: problemOf(answer.body),
    });
  return existing;
}

/** PUT /cob/{txid} to `pixKey`. */
export async function createCharge(call: PixCall, pixKey: string, req: ChargeRequest): Promise<PixCharge> {
  checkChargeRequest(req);
  const original = centsToPixValue(req.amount);
  const description = req.description.trim().slice(0, 140);
  const answer = await call('PUT', `/cob/${req.txid}`, {
    calendario: { expiracao: req.expiresInSeconds },
    valor: { original },
    chave: pixKey,
    ...(description ? { solicitacaoPagador: description } : {}),
  });
  if (answer.status === 200 || answer.status === 201) return withCopyPaste(chargeFromCob(answer.body));
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 403) {
    const existing = await chargeMadeBefore(call, req, answer);
    if (existing) return withCopyPaste(existing);
  }
  throw refused(answer, `PUT /cob/${req.txid}`);
}

/** GET /cob/{txid}. */
export async function getCharge(call: PixCall, txid: string): Promise<PixCharge> {
  checkTxid(txid);
  const charge = await readCharge(call, txid);
  if (!charge) throw new PixPspError('charge_not_found', `no charge ${txid}`);
  return charge;
}

/** PATCH /cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR. */
export async function removeCharge(call: PixCall, txid: string): Promise<void> {
  checkTxid(txid);
  const answer = await call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
  if (answer.status === 200) return;
  if (answer.status === 404) throw new PixPspError('charge_not_found', `no charge ${txid}`, { status: 404, problem: problemOf(answer.body) });
  if (answer.status === 400 || answer.status === 409) {
    // The API refuses to revise a charge that is no longer ATIVA: removed before is done; paid is the caller's to know.
    const now = await readCharge(call, txid);
    if (now?.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || now?.status === 'REMOVIDA_PELO_PSP') return;
    if (now?.status === 'CONCLUIDA') throw new PixPspError('charge_paid', `charge ${txid} was paid before it could be removed`, { status: answer.status });
  }
  throw refused(answer, `PATCH /cob/${txid}`);
}
