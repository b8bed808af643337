// Mercado Pago's customers: one per e-mail, under which the account's cards are saved.
import { causeCodes, refusal, resultsOf, type Answer, type MercadoPagoCall } from './api.ts';

/** Whether an answer to POST /v1/customers says a customer with this e-mail already exists (400, cause 101 'the customer already exist'). */
function customerExists(answer: Answer): boolean {
  return answer.status === 400 && (causeCodes(answer).includes('101') || /already exist/i.test(String(answer.body?.message ?? '')));
}

/** Mercado Pago's answer to a payment for a customer it does not know: 400, cause 2002 'Customer not found'. */
export function customerNotFound(answer: Answer): boolean {
  return answer.status >= 400 && answer.status < 500 && causeCodes(answer).includes('2002');
}

/** The id of the customer with this e-mail, or null. */
async function findCustomer(call: MercadoPagoCall, email: string): Promise<string | null> {
  const answer = await call('GET', `/v1/customers/search?${new URLSearchParams({ email })}`);
  if (answer.status >= 300) throw refusal(answer, 'customer search');
  const results = resultsOf<{ id?: unknown; email?: unknown }>(answer);
  const hit = results.find((c) => typeof c?.id === 'string' && (typeof c.email !== 'string' || c.email.toLowerCase() === email.toLowerCase()));
  return hit ? (hit.id as string) : null;
}

/** The customer with this e-mail: found, or created. */
export async function customerFor(call: MercadoPagoCall, email: string): Promise<string> {
  const found = await findCustomer(call, email);
  if (found) return found;
  // Only the e-mail: the customer is the account, whose cards may have different holders; each
  // card's holder name and document went with its card token.
  const created = await call('POST', '/v1/customers', { email });
  if (created.status < 300 && typeof created.body?.id === 'string') return created.body.id;
  if (customerExists(created)) {
    // Another call (the same customer saving two cards at once) created it between our search and our create.
    const again = await findCustomer(call, email);
    if (again) return again;
  }
  throw refusal(created, 'customer');
}
