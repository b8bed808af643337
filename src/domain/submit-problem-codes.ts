// The submit checks' codes, in the order the checks run (src/domain/submit-checks.ts). A module of
// its own, with no imports, so the wire's list of refusals (src/schemas/refusal-codes.ts) takes it
// without bringing the checks into every page that reads a refusal.

/** Every code, in the order the checks run. Example: `SUBMIT_PROBLEM_CODES[0] === 'closed_without_schedule'` */
export const SUBMIT_PROBLEM_CODES = [
  'closed_without_schedule',
  'mandatory_schedule',
  'unavailable_today',
  'products_not_same_day',
  'product_unavailable',
  'schedule_invalid',
  'credits_without_method',
  'min_order',
  'payment_type_missing',
  'payment_method_missing',
  'delivery_type_missing',
  'address_missing',
  'card_missing',
  'card_document_invalid',
  'change_too_low',
  'invoice_document_missing',
  'variations_required',
] as const;

/** A submit check's code (answered as 422 by a send). */
export type SubmitProblemCode = (typeof SUBMIT_PROBLEM_CODES)[number];
