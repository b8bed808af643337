// `npm run establishment -- <comando> --establishment <slug> [--title <t>] [--desc <d>]
//   [--url http://localhost:4321] [--key <chave>]`
// The establishment switches its open state by hand on the command line (PUT
// /api/establishments/{id}/opening with its API key, docs/api.md 'Open, closed, unavailable'): the
// server writes the change, renders the establishment's pages again and then tells every open page
// to offer a reload. It also lists the customers the card validation blocked and gives one back
// their attempts (docs/api.md 'The card holder blacklist'). Talks HTTP to the running server like
// `npm run orders` (scripts/lib/cli.ts).
import type { OpeningAnswer, OpeningBody } from '../src/schemas/api-opening.ts';
import type { EstablishmentAnswer } from '../src/schemas/views.ts';
import type { BlacklistAnswer, BlockedHolderView } from '../src/schemas/api-cards.ts';
import { maskPhone } from '../src/domain/phone.ts';
import { CliError, call, establishmentKey, expectStatus, findEstablishment, runCommand, parseCommandLine } from './lib/cli.ts';

const USAGE = `Uso: npm run establishment -- <comando> --establishment <slug> [opções]

Comandos:
  status               mostra se o estabelecimento está aberto, fechado ou indisponível
  open                 abre agora, fora do horário de funcionamento
  close                fecha agora, dentro do horário de funcionamento
  auto                 volta a seguir o horário de funcionamento
  unavailable          deixa de receber pedidos e mostra um aviso (--title obrigatório)
  available            volta a receber pedidos
  card-holders         lista os clientes bloqueados por errar o valor da validação de cartão
  unblock-card-holder <e-mail, telefone ou id>
                       devolve a um cliente bloqueado as 3 tentativas de validação de cartão

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

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** The blocked card holders, one a line: name, e-mail, phone and since when. */
function holdersText(holders: BlockedHolderView[]): string {
  if (holders.length === 0) return 'Nenhum cliente bloqueado na validação de cartão.';
  const lines = holders.map(
    (h) => `${h.name} · ${h.email} · ${maskPhone(h.phone)} · bloqueado em ${DATE_TIME.format(new Date(h.blocked_at))} · id ${h.user_id}`,
  );
  return [`${holders.length} cliente(s) bloqueado(s) na validação de cartão:`, ...lines].join('\n');
}

/** The blocked holder named by e-mail (any case), phone (digits, with or without +55) or id. */
function findHolder(holders: BlockedHolderView[], who: string): BlockedHolderView | undefined {
  const digits = who.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  return holders.find((h) => h.user_id === who || h.email.toLowerCase() === who.trim().toLowerCase() || (digits.length >= 10 && h.phone === digits));
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
  const known = command === 'status' || command === 'card-holders' || command === 'unblock-card-holder' || (command !== undefined && command in CHANGES);
  if (!command || !known) throw new CliError(command ? `Comando desconhecido: ${command}\n\n${USAGE}` : USAGE, 2);
  if (command === 'unblock-card-holder' && extra.length !== 1) throw new CliError(`Informe o cliente: e-mail, telefone ou id.\n\n${USAGE}`, 2);
  if (command !== 'unblock-card-holder' && extra.length) throw new CliError(`Argumentos a mais: ${extra.join(' ')}\n\n${USAGE}`, 2);
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
  if (command === 'card-holders' || command === 'unblock-card-holder') {
    const { holders } = expectStatus(
      await call<{ holders: BlockedHolderView[] }>(`${base}/api/establishments/${est._id}/card-holders/blocked`, { key }),
      200,
      { slug },
      (code) => (code === 'establishment_key_required' ? new CliError(`A chave informada não é a de ${slug}.`) : null),
    );
    if (command === 'card-holders') return holdersText(holders);
    const holder = findHolder(holders, extra[0]!);
    if (!holder) throw new CliError(`Nenhum cliente bloqueado com ${extra[0]}.`);
    expectStatus(await call<BlacklistAnswer>(`${base}/api/cards/holder-black-list/${holder.user_id}`, { method: 'DELETE', key }), 200, { slug });
    return `${holder.name} (${holder.email}) pode validar cartões de novo: 3 tentativas.`;
  }
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
