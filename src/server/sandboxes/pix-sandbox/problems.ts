// The API Pix's errors as the sandbox PSP answers them: problem+json (RFC 7807) with the type names
// of the Banco Central's API.
import type { Context } from 'hono';

const ERROR_TYPE = 'https://pix.bcb.gov.br/api/v2/error/';

type Violation = { razao: string; propriedade: string };

/** An API Pix error, answered as problem+json. */
export class Problem extends Error {
  readonly status: 400 | 401 | 403 | 404;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly violacoes: Violation[] | undefined;
  constructor(status: 400 | 401 | 403 | 404, type: string, title: string, detail: string, violacoes?: Violation[]) {
    super(`${type}: ${detail}`);
    this.status = status;
    this.type = type;
    this.title = title;
    this.detail = detail;
    this.violacoes = violacoes;
  }
}

export const invalidCob = (detail: string, propriedade?: string) =>
  new Problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail, propriedade ? [{ razao: detail, propriedade }] : undefined);
export const cobNotFound = () => new Problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.', 'Cobrança não encontrada para o txid informado.');
export const invalidRefund = (detail: string, propriedade?: string) =>
  new Problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail, propriedade ? [{ razao: detail, propriedade }] : undefined);
export const pixNotFound = () => new Problem(404, 'PixNaoEncontrado', 'Pix não encontrado.', 'Pix não encontrado para o e2eid informado.');
export const badRequest = (detail: string) => new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', detail);

/** The answer to an error thrown by a route: its problem+json, or a 500 that tells nothing of the cause (logged). */
export function problemAnswer(err: Error, c: Context): Response {
  if (err instanceof Problem)
    return c.json(
      { type: `${ERROR_TYPE}${err.type}`, title: err.title, status: err.status, detail: err.detail, ...(err.violacoes ? { violacoes: err.violacoes } : {}) },
      err.status,
      { 'Content-Type': 'application/problem+json' },
    );
  console.error('[pix-sandbox]', c.req.method, c.req.path, err);
  return c.json(
    { type: `${ERROR_TYPE}ErroInternoDoServidor`, title: 'Erro interno do servidor.', status: 500, detail: 'Condição inesperada ao processar requisição.' },
    500,
    { 'Content-Type': 'application/problem+json' },
  );
}
