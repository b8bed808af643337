// `npm run feedback -- list [--kind report|suggestion] --establishment <slug>
//   [--url http://localhost:4321] [--key <chave>] [--limit <n>]`
// The establishment reads what its customers sent from the account area (problem reports and
// suggestions, docs/api.md 'Problem reports and suggestions') on the command line: talks HTTP to the
// running server with the establishment's API key, like `npm run orders` (scripts/lib/cli.ts). Newest
// first, in the establishment's time zone, in Portuguese; any error exits with a non-zero status.
import { readFileSync } from 'node:fs';
import { maskPhone } from '../src/domain/phone.ts';
import type { FeedbackKind } from '../src/domain/feedback.ts';
import type { FeedbackListAnswer, FeedbackView } from '../src/schemas/api-feedback.ts';
import {
  CliError,
  call,
  establishmentKey,
  establishmentTimeZone,
  expectStatus,
  findEstablishment,
  formatDateTime,
  runCommand,
  parseCommandLine,
} from './lib/cli.ts';

/** The topics' Portuguese names: the report form's own (src/i18n/locales/pt-BR/feedback.json). */
const TOPICS = (JSON.parse(readFileSync(new URL('../src/i18n/locales/pt-BR/feedback.json', import.meta.url), 'utf8')) as { topics: Record<string, string> })
  .topics;
const KINDS: Record<FeedbackKind, { path: string; label: string; one: string; other: string }> = {
  report: { path: 'problem-reports', label: 'Problema', one: 'problema relatado', other: 'problemas relatados' },
  suggestion: { path: 'suggestions', label: 'Sugestão', one: 'sugestão', other: 'sugestões' },
};

const USAGE = `Uso: npm run feedback -- list --establishment <slug> [opções]

Comandos:
  list                 lista os problemas relatados e as sugestões dos clientes (mais recentes primeiro)

Opções:
  --establishment, -e  slug do estabelecimento (obrigatório), ex.: pizzaria-bella
  --kind               só um tipo: report (problemas relatados) ou suggestion (sugestões)
  --url                endereço do servidor (padrão: http://localhost:4321)
  --key                chave de API (padrão: a de $DATA_DIR/establishment-keys.json)
  --limit              quantas mensagens listar (padrão 20, máximo 100)`;

const count = (n: number, kind: FeedbackKind) => `${n} ${n === 1 ? KINDS[kind].one : KINDS[kind].other}`;

/** One message as a block: what, when and who on the first line; the topic and order of a report; the message. */
function block(item: FeedbackView, timeZone: string): string {
  const who = item.customer ? [item.customer.name, maskPhone(item.customer.phone), item.customer.email].join(', ') : '-';
  const lines = [`[${KINDS[item.kind].label}] ${formatDateTime(item.created_at, timeZone)} — ${who}`];
  if (item.kind === 'report') {
    const topic = item.topic ? (TOPICS[item.topic] ?? item.topic) : '-';
    lines.push(`Assunto: ${topic}${item.order ? ` · Pedido nº ${item.order.order}` : ''}`);
  }
  lines.push(...item.message.split(/\r?\n/).map((l) => `  ${l}`));
  return lines.join('\n');
}

async function main(argv: string[]): Promise<string> {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      kind: { type: 'string' },
      limit: { type: 'string' },
    },
    USAGE,
  );
  const [command, ...extra] = positionals;
  if (values.help) return USAGE;
  if (command !== 'list') throw new CliError(command ? `Comando desconhecido: ${command}\n\n${USAGE}` : USAGE, 2);
  if (extra.length) throw new CliError(`Argumentos a mais: ${extra.join(' ')}\n\n${USAGE}`, 2);
  const slug = values.establishment;
  if (!slug) throw new CliError(`Informe o estabelecimento: --establishment <slug>\n\n${USAGE}`, 2);
  if (values.kind !== undefined && !(values.kind in KINDS)) throw new CliError(`Tipo desconhecido: ${values.kind}. Use report ou suggestion.`, 2);
  const kinds = values.kind ? [values.kind as FeedbackKind] : (['report', 'suggestion'] as const);

  const base = values.url.replace(/\/+$/, '');
  const key = establishmentKey(slug, values.key);
  const est = await findEstablishment(base, slug);
  const timeZone = await establishmentTimeZone(base, est._id);
  const limit = values.limit ?? '20';

  const lists = await Promise.all(
    kinds.map(async (kind) => {
      const query = new URLSearchParams({ limit });
      const answer = await call<FeedbackListAnswer>(`${base}/api/establishments/${est._id}/${KINDS[kind].path}?${query}`, { key });
      return { kind, list: expectStatus(answer, 200, { slug }) };
    }),
  );
  const total = lists.reduce((sum, l) => sum + l.list.total, 0);
  if (total === 0) {
    if (values.kind === 'report') return `Nenhum problema relatado em ${est.name}.`;
    return values.kind === 'suggestion' ? `Nenhuma sugestão em ${est.name}.` : `Nenhuma mensagem de clientes em ${est.name}.`;
  }

  // Both kinds together, newest first, at most --limit of them.
  const items = lists
    .flatMap((l) => l.list.items)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    .slice(0, Number(limit));
  const totals = lists.map((l) => count(l.list.total, l.kind)).join(', ');
  const shown = items.length < total ? ` (mostrando as ${items.length} mais recentes)` : '';
  return `${est.name}: ${totals}${shown}\n\n${items.map((i) => block(i, timeZone)).join('\n\n')}`;
}

await runCommand(main);
