// The receiver's statement: each Pix received and each refund settled writes a line to the
// development outbox (channel 'pix'), inside the transaction that records it.
import { formatBRL } from '../../../domain/money.ts';
import type { Database } from '../../db/database.ts';
import { recordOutboxMessage } from '../../db/outbox-repo.ts';
import type { PixSandboxChargeRow, PixSandboxPaymentRow, PixSandboxRefundRow } from '../../db/types.ts';

export async function recordPixReceived(executor: Database, charge: PixSandboxChargeRow, payment: PixSandboxPaymentRow, at: Date): Promise<void> {
  await recordOutboxMessage(
    executor,
    {
      channel: 'pix',
      recipient: `Chave Pix ${charge.chave}`,
      text: `Pix recebido ${formatBRL(payment.amount)}${charge.description ? ` ${charge.description}` : ''} · txid ${payment.txid} · ${payment.end_to_end_id}`,
    },
    at,
  );
}

/** `chave`: the key of the charge the Pix paid, when the charge is still there. */
export async function recordPixRefunded(executor: Database, chave: string | undefined, refund: PixSandboxRefundRow, at: Date): Promise<void> {
  await recordOutboxMessage(
    executor,
    {
      channel: 'pix',
      recipient: `Chave Pix ${chave ?? ''}`.trim(),
      text: `Pix devolvido ${formatBRL(refund.amount)}${refund.description ? ` ${refund.description}` : ''} · devolução ${refund.id} do Pix ${refund.end_to_end_id}`,
    },
    at,
  );
}
