// `npm run establishment -- <comando> --establishment <slug> [--title <t>] [--desc <d>]
//   [--item <opção>] [--url http://localhost:4321] [--key <chave>]`
// The establishment switches its open state by hand on the command line (PUT
// /api/establishments/{id}/opening with its API key, docs/api.md 'Open, closed, unavailable'): the
// server writes the change, renders the establishment's pages again and then tells every open page
// to offer a reload. It also lists the customers the card validation blocked and gives one back
// their attempts (docs/api.md 'The card holder blacklist'), and marks a product, or one option of
// it, sold out and back (docs/api.md 'Sold out'), and caps the orders the kitchen takes in each
// 15-minute slot per delivery type (docs/api.md 'Kitchen capacity'), and sets its own Google
// Analytics 4 and Meta Pixel ids (docs/api.md 'The establishment's analytics'). Talks HTTP to the running
// server like `npm run orders` (scripts/lib/cli.ts).
import type { OpeningAnswer, OpeningBody } from '../src/schemas/api-opening.ts';
import type { EstablishmentAnswer } from '../src/schemas/views.ts';
import type { BlacklistAnswer, BlockedHolderView } from '../src/schemas/api-cards.ts';
import type { SoldOutAnswer } from '../src/schemas/api-sold-out.ts';
import { type } from 'arktype';
import { AnalyticsSettingsBody, type AnalyticsSettingsAnswer } from '../src/schemas/analytics.ts';
import { readAnalyticsId } from '../src/domain/analytics-ids.ts';
import { SlotCapacityBody, type SlotCapacityAnswer, type SlotCapacityView } from '../src/schemas/api-slot-capacity.ts';
import { SLOT_CAPACITY_MAX, SLOT_CAPACITY_TYPES, readSlotCapacity, slotCapacities, type SlotCapacity } from '../src/domain/slot-capacity.ts';
import type { ProductView, ProductsAnswer } from '../src/schemas/views.ts';
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
  sold-out <produto>   marca o produto como esgotado (com --item, só essa opção dele)
  available <produto>  volta a vender o produto (com --item, só essa opção dele)
  card-holders         lista os clientes bloqueados por errar o valor da validação de cartão
  unblock-card-holder <e-mail, telefone ou id>
                       devolve a um cliente bloqueado as 3 tentativas de validação de cartão
  capacity             mostra ou muda quantos pedidos a cozinha aceita a cada 15 minutos, por
                       forma de entrega (--delivery, --pickup, --local)
  analytics            mostra ou muda os ids do Google Analytics 4 (--ga4) e do Meta Pixel
                       (--pixel), carregados só com o consentimento do cliente

Opções:
  --establishment, -e  slug do estabelecimento (obrigatório), ex.: pizzaria-bella
  --title              título do aviso de indisponível, ex.: "Voltamos já"
  --desc               texto do aviso de indisponível
  --item               opção de uma variação do produto: nome ou id ("Calabresa"), ou
                       "Variação/Opção" quando o nome se repete ("Sabores/Calabresa")
  --delivery, --pickup, --local
                       com capacity: pedidos por horário de 15 minutos (1 a ${SLOT_CAPACITY_MAX}) de
                       entrega, retirada ou consumo no local; "none" tira o limite
  --ga4, --pixel       com analytics: o id de medição do GA4 (ex.: G-4BX9K2LMQ7) e o id do
                       Meta Pixel (só dígitos); "none" remove o id
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

const CAPACITY_NAMES = { delivery: 'entrega', pickup: 'retirada', local: 'consumo no local' } as const;

/** The caps in words: 'Capacidade da cozinha (pedidos a cada 15 minutos): entrega 5, retirada sem limite, consumo no local sem limite.' */
function capacityText(capacity: SlotCapacityView): string {
  const parts = SLOT_CAPACITY_TYPES.map((type) => `${CAPACITY_NAMES[type]} ${capacity[type] === null ? 'sem limite' : capacity[type]}`);
  return `Capacidade da cozinha (pedidos a cada 15 minutos): ${parts.join(', ')}.`;
}

/** The capacity body from --delivery, --pickup and --local ('none' frees a type), checked by the API's own schema. */
function capacityBody(values: Partial<Record<(typeof SLOT_CAPACITY_TYPES)[number], string>>): SlotCapacityBody {
  const body: Record<string, number | null> = {};
  for (const type of SLOT_CAPACITY_TYPES) {
    const text = values[type];
    if (text === undefined) continue;
    const value = ['none', 'sem', 'sem-limite'].includes(text.trim().toLowerCase()) ? null : readSlotCapacity(text);
    if (value === 'invalid' || (value === null && text.trim() === ''))
      throw new CliError(`--${type} ${JSON.stringify(text)}: use um número inteiro de 1 a ${SLOT_CAPACITY_MAX}, ou none para não limitar.`, 2);
    body[type] = value;
  }
  const checked = SlotCapacityBody(body);
  if (checked instanceof type.errors) throw new CliError(`Capacidade inválida: ${checked.summary}`, 2);
  return checked;
}

/** The ids in words: 'Google Analytics 4: G-4BX9K2LMQ7 · Meta Pixel: nenhum.' */
function analyticsText(ids: { ga4_measurement_id?: string | null; meta_pixel_id?: string | null }): string {
  return `Google Analytics 4: ${ids.ga4_measurement_id ?? 'nenhum'} · Meta Pixel: ${ids.meta_pixel_id ?? 'nenhum'}.`;
}

const ANALYTICS_WRONG = {
  ga4_measurement_id: 'use o id de medição do GA4, "G-" e letras ou dígitos (ex.: G-4BX9K2LMQ7), ou none para remover.',
  meta_pixel_id: 'use o id do Meta Pixel, de 6 a 20 dígitos, ou none para remover.',
} as const;

/** The analytics body from --ga4 and --pixel ('none' removes an id), read as the panel reads them and checked by the API's own schema. */
function analyticsBody(values: { ga4?: string; pixel?: string }): AnalyticsSettingsBody {
  const body: Record<string, string | null> = {};
  for (const [field, flag, text] of [
    ['ga4_measurement_id', 'ga4', values.ga4],
    ['meta_pixel_id', 'pixel', values.pixel],
  ] as const) {
    if (text === undefined) continue;
    const value = ['none', 'nenhum'].includes(text.trim().toLowerCase()) ? null : readAnalyticsId(field, text);
    if (value === 'invalid' || (value === null && text.trim() === '')) throw new CliError(`--${flag} ${JSON.stringify(text)}: ${ANALYTICS_WRONG[field]}`, 2);
    body[field] = value;
  }
  const checked = AnalyticsSettingsBody(body);
  if (checked instanceof type.errors) throw new CliError(`Ids inválidos: ${checked.summary}`, 2);
  return checked;
}

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
    capacity: slotCapacities((est.preferences as { slot_capacity?: SlotCapacity }).slot_capacity),
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

/** Lower case, no accents, single spaces: how a name typed on the command line is compared. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every product of the establishment, page by page (GET /products, 100 at a time). */
async function allProducts(base: string, id: string, slug: string): Promise<Pick<ProductView, '_id' | 'name' | 'variations'>[]> {
  const out: Pick<ProductView, '_id' | 'name' | 'variations'>[] = [];
  for (let page = 1; ; page++) {
    const answer = expectStatus(
      await call<ProductsAnswer<Pick<ProductView, '_id' | 'name' | 'variations'>>>(
        `${base}/api/establishments/${id}/products?limit=100&page=${page}&fields=name,variations`,
      ),
      200,
      { slug },
    );
    out.push(...answer.items);
    if (answer.items.length === 0 || out.length >= answer.total) return out;
  }
}

/** The product named by its id or its name (any case, with or without accents). */
function findProduct<P extends Pick<ProductView, '_id' | 'name'>>(products: readonly P[], ref: string): P {
  const byId = products.find((p) => p._id === ref);
  if (byId) return byId;
  const named = products.filter((p) => plain(p.name) === plain(ref));
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw new CliError(`Há ${named.length} produtos chamados "${ref}": informe o id (${named.map((p) => p._id).join(', ')}).`);
  throw new CliError(`Produto não encontrado: ${ref}.`);
}

/** The option named by `--item`: its id or name, or 'Variação/Opção' when the name is in more than one variation. */
function findItem(
  product: Pick<ProductView, 'name' | 'variations'>,
  ref: string,
): { variation: { _id: string; name: string }; item: { _id: string; name: string } } {
  const slash = ref.indexOf('/');
  const groupRef = slash > 0 ? ref.slice(0, slash) : null;
  const itemRef = slash > 0 ? ref.slice(slash + 1) : ref;
  const matches = product.variations
    .filter((g) => groupRef === null || g._id === groupRef || plain(g.name) === plain(groupRef))
    .flatMap((g) => g.items.filter((i) => i._id === itemRef || plain(i.name) === plain(itemRef)).map((item) => ({ variation: g, item })));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new CliError(
      `"${ref}" está em mais de uma variação de ${product.name}: informe --item "Variação/Opção" (${matches.map((m) => `${m.variation.name}/${m.item.name}`).join(', ')}).`,
    );
  throw new CliError(`${product.name} não tem a opção ${ref}.`);
}

/** sold-out / available <produto> [--item]: PUT .../sold-out, then the new state and the pages rendered again. */
async function markSoldOut(
  base: string,
  id: string,
  slug: string,
  key: string,
  productRef: string,
  itemRef: string | undefined,
  soldOut: boolean,
): Promise<string> {
  const product = findProduct(await allProducts(base, id, slug), productRef);
  const target = itemRef === undefined ? null : findItem(product, itemRef);
  const path = target
    ? `/products/${product._id}/variations/${encodeURIComponent(target.variation._id)}/items/${encodeURIComponent(target.item._id)}/sold-out`
    : `/products/${product._id}/sold-out`;
  const answer = expectStatus(
    await call<SoldOutAnswer>(`${base}/api/establishments/${id}${path}`, { method: 'PUT', key, body: { sold_out: soldOut } }),
    200,
    { slug },
    (code) => {
      if (code === 'establishment_key_required') return new CliError(`A chave informada não é a de ${slug}.`);
      if (code === 'product_not_found') return new CliError(`Produto não encontrado: ${productRef}.`);
      if (code === 'variation_item_not_found') return new CliError(`${product.name} não tem a opção ${itemRef ?? ''}.`);
      return null;
    },
  );
  const state = answer.sold_out ? 'esgotado' : 'à venda';
  const what = target ? `${product.name}, ${target.variation.name}: ${target.item.name}` : product.name;
  return `${what}: ${state}.\n${answer.pages} páginas geradas de novo; quem está com a loja aberta vê a mudança.`;
}

async function main(argv: string[]): Promise<string> {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      title: { type: 'string' },
      desc: { type: 'string' },
      item: { type: 'string' },
      delivery: { type: 'string' },
      pickup: { type: 'string' },
      local: { type: 'string' },
      ga4: { type: 'string' },
      pixel: { type: 'string' },
    },
    USAGE,
  );
  const [command, ...extra] = positionals;
  if (values.help) return USAGE;
  const known =
    command === 'status' ||
    command === 'card-holders' ||
    command === 'unblock-card-holder' ||
    command === 'sold-out' ||
    command === 'capacity' ||
    command === 'analytics' ||
    (command !== undefined && command in CHANGES);
  if (!command || !known) throw new CliError(command ? `Comando desconhecido: ${command}\n\n${USAGE}` : USAGE, 2);
  // 'available' with a product puts that product back on sale; alone, the store takes orders again.
  const soldOutCommand = command === 'sold-out' || (command === 'available' && extra.length > 0);
  if (command === 'sold-out' && extra.length === 0) throw new CliError(`Informe o produto: nome ou id.\n\n${USAGE}`, 2);
  if (values.item !== undefined && !soldOutCommand) throw new CliError(`--item só vale com sold-out ou available <produto>.\n\n${USAGE}`, 2);
  const capacityGiven = SLOT_CAPACITY_TYPES.some((type) => values[type] !== undefined);
  if (capacityGiven && command !== 'capacity') throw new CliError(`--delivery, --pickup e --local só valem com capacity.\n\n${USAGE}`, 2);
  const analyticsGiven = values.ga4 !== undefined || values.pixel !== undefined;
  if (analyticsGiven && command !== 'analytics') throw new CliError(`--ga4 e --pixel só valem com analytics.\n\n${USAGE}`, 2);
  const analytics = analyticsGiven ? analyticsBody(values) : null;
  if (command === 'unblock-card-holder' && extra.length !== 1) throw new CliError(`Informe o cliente: e-mail, telefone ou id.\n\n${USAGE}`, 2);
  if (soldOutCommand && extra.length > 1) throw new CliError(`Informe um produto só (entre aspas se o nome tem espaços).\n\n${USAGE}`, 2);
  if (command !== 'unblock-card-holder' && !soldOutCommand && extra.length) throw new CliError(`Argumentos a mais: ${extra.join(' ')}\n\n${USAGE}`, 2);
  const slug = values.establishment;
  if (!slug) throw new CliError(`Informe o estabelecimento: --establishment <slug>\n\n${USAGE}`, 2);
  if (command === 'unavailable' && values.title === undefined) throw new CliError('Informe o título do aviso: --title "Voltamos já"', 2);

  const base = values.url.replace(/\/+$/, '');
  const est = await findEstablishment(base, slug);
  if (command === 'status' || (command === 'capacity' && !capacityGiven)) {
    const state = await readState(base, est._id, slug);
    return command === 'status' ? `${stateText(state.name, state)}\n${capacityText(state.capacity)}` : `${state.name}: ${capacityText(state.capacity)}`;
  }
  if (command === 'analytics' && !analytics) {
    const answer = expectStatus(await call<EstablishmentAnswer>(`${base}/api/establishments/${est._id}`), 200, { slug });
    return `${est.name}: ${analyticsText(answer.preferences as { ga4_measurement_id?: string; meta_pixel_id?: string })}`;
  }
  const key = establishmentKey(slug, values.key);
  if (analytics) {
    const answer = expectStatus(
      await call<AnalyticsSettingsAnswer>(`${base}/api/establishments/${est._id}/analytics`, { method: 'PUT', key, body: analytics }),
      200,
      { slug },
      (code) => (code === 'establishment_key_required' ? new CliError(`A chave informada não é a de ${slug}.`) : null),
    );
    return `${est.name}: ${analyticsText(answer)}\n${answer.pages} páginas geradas de novo; os ids carregam só depois que o cliente aceita os cookies de análise.`;
  }
  if (command === 'capacity') {
    const answer = expectStatus(
      await call<SlotCapacityAnswer>(`${base}/api/establishments/${est._id}/slot-capacity`, { method: 'PUT', key, body: capacityBody(values) }),
      200,
      { slug },
      (code) => (code === 'establishment_key_required' ? new CliError(`A chave informada não é a de ${slug}.`) : null),
    );
    return `${est.name}: ${capacityText(answer.slot_capacity)}\n${answer.pages} páginas geradas de novo; quem está com a loja aberta vê a mudança.`;
  }
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
  if (soldOutCommand) return markSoldOut(base, est._id, slug, key, extra[0]!, values.item, command === 'sold-out');
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
