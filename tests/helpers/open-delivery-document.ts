// The official Open Delivery v1.3 document (tests/fixtures/opendelivery/openapi.yaml) compiled by
// ajv, for the unit test of the order mapping and the API tests of the routes: any schema of
// components.schemas by name, and any answer of a route by its method, path and status as the
// document declares it (its components.responses resolved, and a declared status without content
// must come with an empty body).
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

export type Json = Record<string, unknown>;

export const odDocument = parse(readFileSync(new URL('../fixtures/opendelivery/openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: { schemas: Json; responses: Record<string, Json> };
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** 'Price value. 4 decimals places are accepted': a finite number written with at most 4 decimals. */
const decimal = (n: number) => Number.isFinite(n) && !/\.\d{5,}|e-/i.test(String(n));

/**
 * Every object of the document that lists its properties, closed to any other (OpenAPI 3.0 leaves
 * them open): a misspelt optional field then fails instead of passing unseen. Objects made of
 * allOf/oneOf/anyOf are left open, their parts are closed where they list properties.
 */
export function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, closed(s)])) : closed(v);
  if ('properties' in out && !('allOf' in out || 'oneOf' in out || 'anyOf' in out) && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

const DOC_ID = 'https://opendelivery.test/openapi.yaml';

/** An ajv holding the document's schemas (OpenAPI 3.0 quirks: keywords JSON Schema lacks, its own formats). */
export function odAjv(schemas: Json = odDocument.components.schemas): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  ajv.addFormat('uuid', UUID);
  ajv.addFormat('UUID', UUID);
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('time', /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/);
  ajv.addFormat('decimal', { type: 'number', validate: decimal });
  ajv.addFormat('float', { type: 'number', validate: Number.isFinite });
  ajv.addFormat('double', { type: 'number', validate: Number.isFinite });
  for (const f of ['uri', 'URI', 'CRC32']) ajv.addFormat(f, true);
  ajv.addSchema({ $id: DOC_ID, components: { schemas } });
  return ajv;
}

/** A components.schemas entry, compiled. */
export function odSchemaValidator(name: string, ajv: Ajv = odAjv()): ValidateFunction {
  return ajv.compile({ $ref: `${DOC_ID}#/components/schemas/${name}` });
}

export function problems(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

const shared = odAjv();
const compiled = new Map<string, ValidateFunction>();

/** Inline schemas of the paths refer to '#/components/schemas/...' of the document: point them at its $id. */
function anchored(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anchored);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : anchored(v);
  return out;
}

/**
 * What is wrong with an answer of `method path` (the document's path template, e.g.
 * '/v1/orders/{orderId}'), [] when the document declares that status and the body matches it.
 */
export function answerProblems(method: string, path: string, status: number, contentType: string | null, body: string): string[] {
  const op = odDocument.paths[path]?.[method.toLowerCase()];
  if (!op) return [`${method} ${path} is not in the document`];
  let response = op.responses[String(status)] as Json | undefined;
  if (!response) return [`${method} ${path} does not declare status ${status}`];
  const ref = response.$ref as string | undefined;
  if (ref) response = odDocument.components.responses[ref.split('/').pop()!];
  const content = response?.content as Record<string, { schema: Json }> | undefined;
  if (!content) return body === '' ? [] : [`status ${status} declares no content, got ${body.slice(0, 200)}`];
  const [type, media] = Object.entries(content)[0]!;
  if (!contentType?.startsWith(type)) return [`content type ${contentType}, the document says ${type}`];
  const key = `${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = shared.compile(anchored(media.schema) as Json);
    compiled.set(key, validate);
  }
  return problems(validate, JSON.parse(body));
}
