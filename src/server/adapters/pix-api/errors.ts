// The errors of the Pix port (src/server/adapters/pix-psp.ts): a code for each case the order code
// tells apart, with the PSP's status and problem+json when it answered.

export type PixPspErrorCode =
  /** No answer within the timeout, a network failure, or a 5xx: the same call may be made again. */
  | 'psp_offline'
  /** A 4xx no other code names (the message carries the problem's title, detail and violacoes), or the credentials refused. */
  | 'psp_refused'
  /** An answer the API Pix does not allow (a malformed amount, status or date). */
  | 'psp_bad_answer'
  | 'charge_not_found'
  /** No Pix with this endToEndId was received. */
  | 'payment_not_found'
  /** The txid names a charge of another amount. */
  | 'txid_reused'
  /** The refund id names a refund of another amount of this Pix. */
  | 'refund_id_reused'
  | 'refund_exceeds_payment'
  /** removeCharge of a charge already paid. */
  | 'charge_paid'
  /** Refused before any call: a txid, endToEndId, refund id, amount or URL the API Pix would refuse. */
  | 'invalid_request'
  /** readPixWebhook: the signature is missing or wrong. */
  | 'webhook_unauthorized'
  /** readPixWebhook: signed, but not an API Pix notification. */
  | 'webhook_invalid';

/** A problem+json answer of the API Pix (RFC 7807). */
export interface PixProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string; valor?: string }[];
}

export class PixPspError extends Error {
  readonly code: PixPspErrorCode;
  /** The PSP's HTTP status, when it answered. */
  readonly status: number | undefined;
  /** The PSP's problem+json, when it sent one. */
  readonly problem: PixProblem | undefined;
  constructor(code: PixPspErrorCode, message: string = code, options?: { cause?: unknown; status?: number; problem?: PixProblem }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PixPspError';
    this.code = code;
    this.status = options?.status;
    this.problem = options?.problem;
  }
}
