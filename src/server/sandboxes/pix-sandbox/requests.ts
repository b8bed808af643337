// What the sandbox PSP reads from a request's body.
import type { Context } from 'hono';
import { badRequest } from './problems.ts';

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('O corpo da requisição não é JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('O corpo da requisição não é um objeto JSON.');
  return body as Record<string, unknown>;
}

/** Whether an optional text field (solicitacaoPagador, descricao) is absent or a string of at most 140 characters. */
export function optionalTextValid(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.length <= 140);
}

/** A valid optional text as its record keeps it: null when absent or empty. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
