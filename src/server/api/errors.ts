// Every API error is JSON { message: <machine code> } with an explicit status; validation errors
// add the offending field paths. Islands translate the codes (src/i18n/locales/pt-BR/errors.json).
import type { Context } from 'hono';
import { type } from 'arktype';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  status: ContentfulStatusCode;
  code: string;
  fields?: FieldProblem[];
  constructor(status: ContentfulStatusCode, code: string, fields?: FieldProblem[]) {
    super(code);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface FieldProblem {
  /** JSON path of the field, e.g. 'products[0].qnt'. */
  path: string;
  /** arktype's machine code, e.g. 'required', 'pattern', 'max'. */
  code: string;
  message: string;
}

export function fieldProblems(errors: InstanceType<typeof type.errors>): FieldProblem[] {
  return [...errors].map((e) => ({ path: e.propString || '(root)', code: e.code, message: e.message }));
}

/** Validates `data` with an arktype schema or throws a 400 'invalid_<where>' ApiError listing every field. */
export function validate<T>(schema: (data: unknown) => T | InstanceType<typeof type.errors>, data: unknown, where: 'body' | 'query' | 'params'): T {
  const out = schema(data);
  if (out instanceof type.errors) throw new ApiError(400, `invalid_${where}`, fieldProblems(out));
  return out as T;
}

export function errorResponse(c: Context, err: ApiError) {
  return c.json(err.fields ? { message: err.code, fields: err.fields } : { message: err.code }, err.status);
}
