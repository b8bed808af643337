// The body of every API error (docs/api.md 'Common rules'): `{ message: <machine code> }`, with
// the offending fields of a 400 and the parameters of a business refusal (a 422 submit check's
// min_order, a 403's...). The server answers it and the browser's API client reads it.

export interface FieldProblem {
  /** JSON path of the field, e.g. 'products[0].qnt'; '(root)' for the body itself. */
  path: string;
  /** A machine code: arktype's ('required', 'pattern', 'max'...) or the product's ('phone_incomplete', 'variation_invalid'...). */
  code: string;
  /** What is wrong, in English, for the developer; the storefront shows the code's Portuguese. */
  message: string;
}

export type ErrorParams = Record<string, string | number>;

export interface ErrorBody {
  message: string;
  fields?: FieldProblem[];
  params?: ErrorParams;
}
