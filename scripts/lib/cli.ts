// What the establishment's command-line tools share (`npm run orders`, `npm run feedback`): they talk
// HTTP to the running server with the establishment's API key (by default the one the demo seed wrote
// to $DATA_DIR/establishment-keys.json), print Portuguese, and turn every failure into a Portuguese
// message with a non-zero exit status (1, or 2 for wrong usage).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { config } from '../../src/server/config.ts';
import { establishmentTimeZone as zoneOrDefault } from '../../src/domain/week-clock.ts';
import { keysFilePath, readKeysFile } from '../../src/server/services/establishment-keys.ts';
import type { ErrorBody } from '../../src/schemas/api-errors.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import type { EstablishmentAnswer, EstablishmentListItem } from '../../src/schemas/views.ts';

export class CliError extends Error {
  exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** An API answer: the call's own type when the status is the expected one, the error body otherwise (src/schemas). */
export type Answer<T> = { status: number; json: T | Partial<ErrorBody> | null };

/** What an error is about, to name it in the message. */
export type ErrorContext = { slug: string; ref?: string };

/** The Portuguese message of an error answer every command may meet (the key, the establishment, a refused request, any other status). */
export function commonApiError(status: number, json: Partial<ErrorBody> | null, context: ErrorContext): CliError {
  const code = typeof json?.message === 'string' ? json.message : '';
  switch (code) {
    case 'invalid_api_key':
      return new CliError(`Chave de API inválida para o estabelecimento ${context.slug}.`);
    case 'establishment_not_found':
      return new CliError(`Estabelecimento não encontrado: ${context.slug}.`);
    case 'invalid_query':
    case 'invalid_body':
    case 'invalid_params':
      return new CliError(`Pedido inválido ao servidor (${code}): ${(json?.fields ?? []).map((f) => f.message).join('; ')}`);
    default:
      return new CliError(`O servidor respondeu ${status}${code ? ` (${code})` : ''}.`);
  }
}

/** The answer's body when the status is `expected`, else the Portuguese error for it (`explain` first, then the common ones). */
export function expectStatus<T>(
  res: Answer<T>,
  expected: number,
  context: ErrorContext,
  explain?: (code: string, json: Partial<ErrorBody> | null) => CliError | null,
): T {
  if (res.status !== expected || res.json === null) {
    const json = res.json as Partial<ErrorBody> | null;
    const code = typeof json?.message === 'string' ? json.message : '';
    throw explain?.(code, json) ?? commonApiError(res.status, json, context);
  }
  return res.json as T;
}

/** One API call with the storefront headers (and the key when given); a server that cannot be reached is a CliError. */
export async function call<T>(url: string, init: { method?: string; key?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...API_HEADERS };
  if (init.key) headers.Authorization = `ApiKey ${init.key}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch (err) {
    const reason = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new CliError(`Não foi possível conectar ao servidor em ${new URL(url).origin} (${reason}). Ele está rodando (npm start)?`);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json: json as T | Partial<ErrorBody> | null };
}

/** The server the tools talk to by default: this machine, at PORT (4321). */
export function defaultServerUrl(): string {
  return `http://localhost:${process.env.PORT ?? 4321}`;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The command line of an establishment tool: its own `options` plus the ones every tool takes
 * (--establishment/-e, --url, --key, --help/-h). A wrong one is a usage error (exit status 2) followed by `usage`.
 */
export function parseCommandLine<O extends Options>(argv: string[], options: O, usage: string) {
  const common = {
    establishment: { type: 'string', short: 'e' },
    url: { type: 'string', default: defaultServerUrl() },
    key: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const satisfies Options;
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: { ...common, ...options } });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${usage}`, 2);
  }
}

/** The key given with --key, else the establishment's in $DATA_DIR/establishment-keys.json. */
export function establishmentKey(slug: string, given: string | undefined): string {
  if (given) return given;
  const key = readKeysFile(config.dataDir)[slug];
  if (!key) throw new CliError(`Nenhuma chave de API para ${slug} em ${keysFilePath(config.dataDir)}. Rode npm run seed ou informe --key.`);
  return key;
}

/** The active establishment with this slug (GET /api/establishments?slug_area=). */
export async function findEstablishment(base: string, slug: string): Promise<EstablishmentListItem> {
  const found = expectStatus(await call<EstablishmentListItem[]>(`${base}/api/establishments?slug_area=${encodeURIComponent(slug)}`), 200, { slug });
  const est = found[0];
  if (!est) throw new CliError(`Estabelecimento não encontrado: ${slug}.`);
  return est;
}

/** The establishment's time zone (the default zone when it cannot be read). */
export async function establishmentTimeZone(base: string, establishmentId: string): Promise<string> {
  const details = await call<Partial<EstablishmentAnswer>>(`${base}/api/establishments/${establishmentId}?fields=address`);
  return zoneOrDefault(details.status === 200 ? (details.json as Partial<EstablishmentAnswer> | null)?.time_zone : undefined);
}

/** 'dd/mm/aaaa hh:mm:ss' in the establishment's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Rows as aligned columns (the first row is the header); the last column is not padded. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Runs a command: its output on stdout; a CliError's message on stderr with its exit status; anything else as unexpected. */
export async function runCommand(main: (argv: string[]) => Promise<string>): Promise<void> {
  try {
    console.log(await main(process.argv.slice(2)));
  } catch (err) {
    if (err instanceof CliError) {
      console.error(err.message);
      process.exitCode = err.exitCode;
    } else {
      console.error('Erro inesperado:', err);
      process.exitCode = 1;
    }
  }
}
