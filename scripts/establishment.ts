// `npm run establishment -- <comando> --establishment <slug> [--title <t>] [--desc <d>]
//   [--url http://localhost:4321] [--key <chave>]`
// The establishment switches its open state by hand on the command line (PUT
// /api/establishments/{id}/opening with its API key, docs/api.md 'Open, closed, unavailable'): the
// server writes the change, renders the establishment's pages again and then tells every open page
// to offer a reload. Talks HTTP to the running server like `npm run orders` (scripts/lib/cli.ts).
import type { OpeningAnswer, OpeningBody } from '../src/schemas/api-opening.ts';
import type { EstablishmentAnswer } from '../src/schemas/views.ts';
import { CliError, call, establishmentKey, expectStatus, findEstablishment, runCommand, parseCommandLine } from './lib/cli.ts';

const USAGE = `Uso: npm run establishment -- <comando> --establishment <slug> [opções]

Comandos:
  status               mostra se o estabelecimento está aberto, fechado ou indisponível
  open                 abre agora, fora do horário de funcionamento
  close                fecha agora, dentro do horário de funcionamento
  auto                 volta a seguir o horário de funcionamento
  unavailable          deixa de receber pedidos e mostra um aviso (--title obrigatório)
  available            volta a receber pedidos

Opções:
  --establishment, -e  slug do estabelecimento (obrigatório), ex.: pizzaria-bella
  --title              título do aviso de indisponível, ex.: "Voltamos já"
  --desc               texto do aviso de indisponível
  --url                endereço do servidor (padrão: http://localhost:4321)
  --key                chave de API (padrão: a de $DATA_DIR/establishment-keys.json)`;

const CHANGES: Record<string, (title?: string, desc?: string) => OpeningBody> = {
  open: () => ({ is_open: 'open' }),
  close: () => ({ is_open: 'closed' }),
  auto: () => ({ is_open: 'auto' }),
  unavailable: (title, desc) => ({
    unavailable: true,
    ...(title !== undefined && { unavailable_title: title }),
    ...(desc !== undefined && { unavailable_desc: desc }),
  }),
  available: () => ({ unavailable: false }),
};

const MODE_TEXT = { auto: 'segue o horário de funcionamento', open: 'aberto manualmente', closed: 'fechado manualmente' } as const;

/** The state in words: 'Pizzaria Bella: aberto agora (segue o horário de funcionamento).' plus the notice when unavailable. */
function stateText(name: string, state: { open_mode: keyof typeof MODE_TEXT; is_open: boolean; unavailable: boolean; title?: string | null }): string {
  const now = state.is_open ? 'aberto agora' : 'fechado agora';
  const lines = [`${name}: ${now} (${MODE_TEXT[state.open_mode]}).`];
  if (state.unavailable) lines.push(`Indisponível: não recebe pedidos. Aviso: "${state.title ?? ''}".`);
  return lines.join('\n');
}

async function readState(base: string, id: string, slug: string) {
  const est = expectStatus(await call<EstablishmentAnswer>(`${base}/api/establishments/${id}`), 200, { slug });
  return {
    name: est.name,
    open_mode: est.open_mode,
    is_open: est.is_open,
    unavailable: est.preferences.unavailable === true,
    title: (est.preferences as { unavailable_title?: string }).unavailable_title,
  };
}

async function main(argv: string[]): Promise<string> {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      title: { type: 'string' },
      desc: { type: 'string' },
    },
    USAGE,
  );
  const [command, ...extra] = positionals;
  if (values.help) return USAGE;
  if (!command || (command !== 'status' && !(command in CHANGES))) throw new CliError(command ? `Comando desconhecido: ${command}\n\n${USAGE}` : USAGE, 2);
  if (extra.length) throw new CliError(`Argumentos a mais: ${extra.join(' ')}\n\n${USAGE}`, 2);
  const slug = values.establishment;
  if (!slug) throw new CliError(`Informe o estabelecimento: --establishment <slug>\n\n${USAGE}`, 2);
  if (command === 'unavailable' && values.title === undefined) throw new CliError('Informe o título do aviso: --title "Voltamos já"', 2);

  const base = values.url.replace(/\/+$/, '');
  const est = await findEstablishment(base, slug);
  if (command === 'status') {
    const state = await readState(base, est._id, slug);
    return stateText(state.name, state);
  }
  const key = establishmentKey(slug, values.key);
  const body = CHANGES[command]!(values.title, values.desc);
  const answer = expectStatus(
    await call<OpeningAnswer>(`${base}/api/establishments/${est._id}/opening`, { method: 'PUT', key, body }),
    200,
    { slug },
    (code) => (code === 'establishment_key_required' ? new CliError(`A chave informada não é a de ${slug}.`) : null),
  );
  const state = await readState(base, est._id, slug);
  return `${stateText(state.name, { ...state, title: answer.unavailable_title })}\n${answer.pages} páginas geradas de novo; quem está com a loja aberta é avisado para recarregar.`;
}

await runCommand(main);
