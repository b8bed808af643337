// The sandbox PSP's records as the API Pix writes them (CobCompleta, Pix, Devolucao,
// PayloadLocation, the location's payload): pure, from the rows the caller read.
import { centsToPixValue } from '../../adapters/pix-psp.ts';
import type { PixSandboxChargeRow, PixSandboxPaymentRow, PixSandboxRefundRow } from '../../db/types.ts';

/** The Pix a charge received and their refunds, as read for its view. */
export interface ReceivedPix {
  payments: PixSandboxPaymentRow[];
  refunds: PixSandboxRefundRow[];
}

export function refundView(r: PixSandboxRefundRow) {
  return {
    id: r.id,
    rtrId: r.rtr_id,
    valor: centsToPixValue(r.amount),
    ...(r.description ? { descricao: r.description } : {}),
    natureza: 'ORIGINAL',
    horario: { solicitacao: r.requested_at, ...(r.settled_at ? { liquidacao: r.settled_at } : {}) },
    status: r.status,
  };
}

export function pixView(p: PixSandboxPaymentRow, refunds: PixSandboxRefundRow[]) {
  const own = refunds.filter((r) => r.end_to_end_id === p.end_to_end_id);
  return {
    endToEndId: p.end_to_end_id,
    txid: p.txid,
    valor: centsToPixValue(p.amount),
    horario: p.paid_at,
    ...(p.payer_info ? { infoPagador: p.payer_info } : {}),
    ...(own.length ? { devolucoes: own.map(refundView) } : {}),
  };
}

/** CobCompleta: the charge, and with `received` the Pix it received (GET). */
export function cobView(row: PixSandboxChargeRow, received: ReceivedPix | null = null) {
  const view: Record<string, unknown> = {
    calendario: { criacao: row.created_at, expiracao: row.expires_in },
    txid: row.txid,
    revisao: row.revision,
    loc: { id: row.loc_id, location: row.location, tipoCob: 'cob', criacao: row.created_at },
    location: row.location,
    status: row.status,
    valor: { original: centsToPixValue(row.amount), modalidadeAlteracao: 0 },
    chave: row.chave,
    ...(row.description ? { solicitacaoPagador: row.description } : {}),
    pixCopiaECola: row.copy_paste,
  };
  if (received?.payments.length) view.pix = received.payments.map((p) => pixView(p, received.refunds));
  return view;
}

/** PayloadLocationCompleta. */
export function locationView(row: Pick<PixSandboxChargeRow, 'loc_id' | 'txid' | 'location' | 'created_at'>) {
  return { id: row.loc_id, txid: row.txid, location: row.location, tipoCob: 'cob', criacao: row.created_at };
}

/** What a payer's bank reads at the location: the charge's payload, presented at `at`. */
export function payloadView(row: PixSandboxChargeRow, at: Date) {
  return {
    calendario: { criacao: row.created_at, apresentacao: at.toISOString(), expiracao: row.expires_in },
    txid: row.txid,
    revisao: row.revision,
    status: row.status,
    valor: { original: centsToPixValue(row.amount) },
    chave: row.chave,
    ...(row.description ? { solicitacaoPagador: row.description } : {}),
  };
}
