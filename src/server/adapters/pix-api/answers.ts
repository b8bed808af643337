// The PSP's answers read: a charge (cob), a Pix received, a refund (devolução) and a problem+json,
// each checked against the API Pix before the product believes it.
import { PixPspError, type PixProblem } from './errors.ts';
import { END_TO_END_ID_PATTERN, pixValueToCents } from './formats.ts';

/** A charge's record at the PSP. `status` is the record's, not the charge's time: an expired charge that nobody removed is still ATIVA (the API Pix's CobrancaStatus). */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

export interface PixCharge {
  txid: string;
  status: PixChargeStatus;
  /** Integer centavos (valor.original). */
  amount: number;
  /** calendario.criacao, as the PSP wrote it. */
  createdAt: string;
  /** criacao + calendario.expiracao seconds, ISO-8601 UTC: after it the charge cannot be paid. */
  expiresAt: string;
  /** The URL the QR code points to, without its scheme ('pix.example.com/qr/v2/...'). */
  location: string;
  /** The BR Code (pixCopiaECola): the QR code's text and what 'Pix copia e cola' copies; '' when the PSP answered none. */
  copyPaste: string;
  /** The Pix received for this charge (a charge takes one; the API keeps a list). */
  paid: { endToEndId: string; amount: number; paidAt: string }[];
}

export interface PixRefund {
  /** Ours, [a-zA-Z0-9]{1,35}: unique per Pix received; a retry with it answers the same refund. */
  id: string;
  /** The Pix refunded. */
  endToEndId: string;
  /** Integer centavos. */
  amount: number;
  /** EM_PROCESSAMENTO until the money went back (DEVOLVIDO) or could not (NAO_REALIZADO). */
  status: PixRefundStatus;
}

/** One Pix the webhook told of. */
export interface ReceivedPix {
  endToEndId: string;
  /** The charge it paid; null for a Pix made to the key without one (the API notifies only those with a txid, but the field is optional). */
  txid: string | null;
  /** Integer centavos, as paid: it may differ from the charge's amount. */
  amount: number;
  /** horario, as the PSP wrote it. */
  paidAt: string;
  /** The refunds of this Pix the call carries (the PSP calls again when a refund ends); [] for a plain payment. */
  refunds: PixRefund[];
}

const CHARGE_STATUSES: readonly PixChargeStatus[] = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'];
const REFUND_STATUSES: readonly PixRefundStatus[] = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'];

/** A Pix as the API writes it (the webhook's items, GET /pix/{e2eid}), or null when it is not one. */
export function readPix(item: unknown): ReceivedPix | null {
  if (!isObject(item)) return null;
  const { endToEndId, txid, horario } = item;
  const amount = pixValueToCents(item.valor);
  if (typeof endToEndId !== 'string' || !END_TO_END_ID_PATTERN.test(endToEndId) || amount === null) return null;
  if (typeof horario !== 'string' || Number.isNaN(Date.parse(horario))) return null;
  if (txid !== undefined && txid !== null && typeof txid !== 'string') return null;
  // The API's example notification writes devolucoes as one object; the schema, as a list.
  const raw = item.devolucoes === undefined || item.devolucoes === null ? [] : Array.isArray(item.devolucoes) ? item.devolucoes : [item.devolucoes];
  const refunds: PixRefund[] = [];
  for (const r of raw) {
    const refund = readRefund(r, endToEndId);
    if (!refund) return null;
    refunds.push(refund);
  }
  return { endToEndId, txid: typeof txid === 'string' && txid !== '' ? txid : null, amount, paidAt: horario, refunds };
}

function readRefund(item: unknown, endToEndId: string): PixRefund | null {
  if (!isObject(item)) return null;
  const amount = pixValueToCents(item.valor);
  if (typeof item.id !== 'string' || amount === null || !REFUND_STATUSES.includes(item.status as PixRefundStatus)) return null;
  return { id: item.id, endToEndId, amount, status: item.status as PixRefundStatus };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cob answer (CobGerada, CobCompleta) as a PixCharge; psp_bad_answer when it is not one. */
export function chargeFromCob(body: unknown): PixCharge {
  const bad = (what: string) => new PixPspError('psp_bad_answer', `the PSP's charge has ${what}`);
  if (!isObject(body)) throw bad('no body');
  const { txid, status, calendario, valor } = body;
  if (typeof txid !== 'string' || txid === '') throw bad('no txid');
  if (!CHARGE_STATUSES.includes(status as PixChargeStatus)) throw bad(`an unknown status '${String(status)}'`);
  const amount = isObject(valor) ? pixValueToCents(valor.original) : null;
  if (amount === null) throw bad('no valor.original');
  if (!isObject(calendario) || typeof calendario.criacao !== 'string' || Number.isNaN(Date.parse(calendario.criacao))) throw bad('no calendario.criacao');
  // expiracao defaults to 86400 s in the API Pix.
  const expiracao = calendario.expiracao === undefined ? 86_400 : Number(calendario.expiracao);
  if (!Number.isFinite(expiracao) || expiracao < 0) throw bad('a malformed calendario.expiracao');
  const loc = isObject(body.loc) ? body.loc : {};
  const location = typeof body.location === 'string' ? body.location : typeof loc.location === 'string' ? loc.location : '';
  const paid = (Array.isArray(body.pix) ? body.pix : []).map((p) => {
    const pix = readPix(p);
    if (!pix) throw bad('a malformed pix');
    return { endToEndId: pix.endToEndId, amount: pix.amount, paidAt: pix.paidAt };
  });
  return {
    txid,
    status: status as PixChargeStatus,
    amount,
    createdAt: calendario.criacao,
    expiresAt: new Date(Date.parse(calendario.criacao) + expiracao * 1000).toISOString(),
    location,
    copyPaste: typeof body.pixCopiaECola === 'string' ? body.pixCopiaECola : '',
    paid,
  };
}

/** A charge just created must carry its BR Code: the product shows nothing else to pay with. */
export function withCopyPaste(charge: PixCharge): PixCharge {
  if (!charge.copyPaste) throw new PixPspError('psp_bad_answer', `the PSP answered charge ${charge.txid} without pixCopiaECola`);
  return charge;
}

export function refundFrom(body: unknown, endToEndId: string): PixRefund {
  const refund = readRefund(body, endToEndId);
  if (!refund) throw new PixPspError('psp_bad_answer', 'the PSP answered a malformed devolução');
  return refund;
}

export function problemOf(body: unknown): PixProblem | undefined {
  if (!isObject(body)) return undefined;
  if (body.title === undefined && body.detail === undefined && body.type === undefined) return undefined;
  return body as PixProblem;
}

/** ': <title>: <detail> (<propriedade>: <razao>; ...)', or '' when the answer is no problem+json. */
export function problemText(body: unknown): string {
  const p = problemOf(body);
  if (!p) return '';
  const violations = Array.isArray(p.violacoes) ? p.violacoes.map((v) => `${v?.propriedade ?? '?'}: ${v?.razao ?? ''}`).join('; ') : '';
  return `: ${[p.title, p.detail].filter(Boolean).join(': ')}${violations ? ` (${violations})` : ''}`;
}
