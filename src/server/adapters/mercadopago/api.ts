// Mercado Pago's HTTP API: one call with the access token (and an idempotency key where the call
// takes one), and what its error answers say.
import { PaymentGatewayError } from '../payment-gateway.ts';

export interface MercadoPagoOptions {
  accessToken: string;
  /** Origin of the API, default https://api.mercadopago.com. */
  apiUrl: string;
  /** Per request; default 15 s (a card authorisation may take several seconds). */
  timeoutMs?: number;
}

/** Mercado Pago's answer: its status and its JSON body (null when none). */
export type Answer = { status: number; body: Record<string, unknown> | null };

/** One call; throws gateway_offline when there is no answer. */
export type MercadoPagoCall = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string) => Promise<Answer>;

export function mercadoPagoCall(opts: MercadoPagoOptions): MercadoPagoCall {
  const base = opts.apiUrl.replace(/\/+$/, '');
  return async (method, path, body, idempotencyKey) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.accessToken}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['X-Idempotency-Key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new PaymentGatewayError('gateway_offline', `Mercado Pago unreachable: ${(err as Error).message}`, { cause: err });
    }
    const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body: answer };
  };
}

/** The answer, or null when none came (gateway_offline): whether anything happened is then unknown, and the same call may be made again. */
export async function answerOrNull(answer: Promise<Answer>): Promise<Answer | null> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof PaymentGatewayError && err.code === 'gateway_offline') return null;
    throw err;
  }
}

/** The codes of an error answer's causes, as strings (Mercado Pago sends some as numbers, some as strings). */
export function causeCodes(answer: Answer): string[] {
  const causes = Array.isArray(answer.body?.cause) ? (answer.body.cause as Array<{ code?: unknown } | null>) : [];
  return causes.map((c) => String(c?.code ?? ''));
}

/** Mercado Pago's message and first cause, for an error's message. */
export function detailOf(answer: Answer): string {
  const cause = Array.isArray(answer.body?.cause) ? (answer.body.cause[0] as { code?: unknown; description?: unknown } | undefined) : undefined;
  return `${answer.body?.message ?? answer.body?.error ?? 'no message'}${cause ? ` (cause ${cause.code}: ${cause.description})` : ''}`;
}

/** The error for a 4xx/5xx answer, with Mercado Pago's message and first cause. */
export function refusal(answer: Answer, what: string): PaymentGatewayError {
  if (answer.status >= 500) return new PaymentGatewayError('gateway_offline', `Mercado Pago ${what} ${answer.status}`);
  if (answer.status === 409) return new PaymentGatewayError('idempotency_key_reused', `Mercado Pago ${what} 409: ${detailOf(answer)}`);
  return new PaymentGatewayError('gateway_refused', `Mercado Pago ${what} ${answer.status}: ${detailOf(answer)}`);
}

/** The list an answer carries under `results` (a search's). */
export function resultsOf<T>(answer: Answer): Array<T | null> {
  return Array.isArray(answer.body?.results) ? (answer.body.results as Array<T | null>) : [];
}
