// `npm run orders -- list|show|confirm|prepare|ready|dispatch|complete|cancel [<nº do pedido ou id>] --establishment <slug>
//   [--url http://localhost:4321] [--key <chave>] [--reason <texto>] [--status <situação>] [--evaluated]`
// `npm run orders -- credits <cliente> <+/-valor> --reason <texto> | coupons | coupon-on|coupon-off <código> --establishment <slug>`
// The establishment's side of the orders, its customers' store credit and its coupons, on the
// command line: talks HTTP to the running server with the establishment's API key (docs/api.md
// 'Orders', 'Credits', 'Coupons'). The key defaults to the one the demo
// seed wrote to $DATA_DIR/establishment-keys.json. Output and errors are in Portuguese; any error
// exits with a non-zero status.
import { formatBRL } from '../src/domain/money.ts';
import { EVALUATION_ASPECTS, RATING_MAX, type EvaluationAspect } from '../src/domain/evaluation.ts';
import { maskPhone } from '../src/domain/phone.ts';
import type { OrdersListAnswer, OrderView, StatusBody } from '../src/schemas/api-orders.ts';
import type { CouponsAnswer, CouponView, CreditGrantAnswer } from '../src/schemas/api-promotions.ts';
import { couponStanding, normalizeCouponCode, type CouponStanding } from '../src/domain/coupon.ts';
import { Temporal } from '../src/domain/time.ts';
import { parseBRLInput } from '../src/domain/money.ts';
import {
  type Answer,
  CliError,
  type ErrorContext,
  call,
  establishmentKey,
  establishmentTimeZone,
  expectStatus,
  findEstablishment,
  formatDateTime,
  runCommand,
  table,
  parseCommandLine,
} from './lib/cli.ts';

/** The order's step as the establishment reads it (the customer's texts in islands/order say the same). */
const STEP_LABELS: Record<string, string> = {
  registered: 'Recebido',
  confirmed: 'Confirmado',
  preparing: 'Em preparo',
  ready: 'Pronto',
  dispatched: 'Saiu para entrega',
  complete: 'Concluído',
  canceled: 'Cancelado',
};
/**
 * The order's situation as the establishment reads it: a Pix order not paid yet is not an order to
 * prepare, and one whose Pix was never paid was cancelled by no one.
 */
function situation(o: Pick<OrderView, 'status' | 'step' | 'payment'>): string {
  if (o.status === 'registered' && o.payment.status === 'awaiting') return 'Aguardando Pix';
  if (o.status === 'canceled' && o.payment.status === 'expired') return 'Cancelado (Pix não pago)';
  return STEP_LABELS[o.step] ?? o.step;
}
const PAYMENT_STANDING: Record<string, string> = {
  awaiting: 'aguardando pagamento',
  paid: 'pago',
  refund_pending: 'estorno em andamento',
  refunded: 'estornado',
  expired: 'não pago no prazo',
};
/** How the order is paid and where that payment stands ('Pix, pago'; 'Na retirada: Dinheiro, troco para R$ 50,00'). */
function paymentText(o: Pick<OrderView, 'payment_type' | 'payment_method' | 'payment_payback' | 'delivery_type' | 'payment'>): string {
  const standing = PAYMENT_STANDING[o.payment.status];
  switch (o.payment_type) {
    case 'pix':
      return `Pix, ${standing ?? o.payment.status}`;
    case 'online':
      return `Cartão on-line${o.payment.card ? ` ${o.payment.card.brand} •••• ${o.payment.card.last4}` : ''}, ${standing ?? o.payment.status}`;
    case 'credits':
      return 'Créditos da loja';
    default: {
      const where = o.delivery_type === 'delivery' ? 'Na entrega' : 'Na retirada';
      const change = o.payment_payback ? `, troco para ${formatBRL(o.payment_payback)}` : '';
      return `${where}: ${o.payment_method?.name ?? 'a combinar'}${change}`;
    }
  }
}
const DELIVERY_LABELS: Record<string, string> = { delivery: 'Entrega', pickup: 'Retirada', local: 'No local' };
/** The aspects as the customer's evaluation page names them (islands/order/i18n: order:evaluation.aspects). */
const ASPECT_LABELS: Record<EvaluationAspect, string> = { packing: 'Embalagem', delivery: 'Entrega', product: 'Produto', deadline: 'Prazo' };
const MAX_TOTAL = RATING_MAX * EVALUATION_ASPECTS.length;
const ACTIONS = {
  confirm: { status: 'confirmed', verb: 'confirmar', done: 'confirmado' },
  prepare: { status: 'preparing', verb: 'pôr em preparo', done: 'em preparo' },
  ready: { status: 'ready', verb: 'marcar como pronto', done: 'pronto' },
  dispatch: { status: 'dispatched', verb: 'marcar como saiu para entrega', done: 'saiu para entrega' },
  complete: { status: 'complete', verb: 'concluir', done: 'concluído' },
  cancel: { status: 'canceled', verb: 'cancelar', done: 'cancelado' },
} as const;

const USAGE = `Uso: npm run orders -- <comando> [<nº do pedido ou id>] --establishment <slug> [opções]

Comandos:
  list                 lista os pedidos do estabelecimento (mais recentes primeiro), com a avaliação de cada um
  show <pedido>        mostra um pedido: itens, total e a avaliação do cliente nota a nota
  confirm <pedido>     confirma um pedido recebido
  prepare <pedido>     marca um pedido confirmado como em preparo
  ready <pedido>       marca um pedido como pronto (para retirada, para o entregador ou para servir)
  dispatch <pedido>    marca um pedido de entrega como saiu para entrega
  complete <pedido>    conclui um pedido confirmado
  cancel <pedido>      cancela um pedido ainda não concluído
  credits <cliente> <valor>
                       dá (+) ou tira (-) créditos de um cliente (e-mail, telefone ou id), em reais,
                       ex.: credits maria@exemplo.com 10,00 --reason "Pedido 12 chegou frio"
  coupons              lista os cupons com os usos que restam
  coupon-on <código>   ativa um cupom
  coupon-off <código>  desativa um cupom (os pedidos já feitos com ele ficam como estão)

Opções:
  --establishment, -e  slug do estabelecimento (obrigatório), ex.: pizzaria-bella
  --url                endereço do servidor (padrão: http://localhost:4321)
  --key                chave de API (padrão: a de $DATA_DIR/establishment-keys.json)
  --reason             motivo do cancelamento; dos créditos dados ou tirados (obrigatório em credits)
  --status             só pedidos nesta situação (list): registered, confirmed, complete, canceled
  --evaluated          só pedidos avaliados pelo cliente (list)
  --limit              quantos pedidos listar (list; padrão 20, máximo 100)`;

/** The order an error is about, explained; the other codes are every command's (scripts/lib/cli.ts). */
function orderError(code: string, context: ErrorContext): CliError | null {
  if (code !== 'order_not_found') return null;
  return new CliError(context.ref ? `Pedido ${context.ref} não encontrado em ${context.slug}.` : `Pedido não encontrado em ${context.slug}.`);
}

/** The answer's body when the status is `expected`, else the Portuguese error for it. */
function expect<T>(res: Answer<T>, expected: number, context: ErrorContext): T {
  return expectStatus(res, expected, context, (code) => orderError(code, context));
}

/** One order as the establishment reads it: who, what, how much, and the customer's evaluation aspect by aspect. */
function showOrder(o: OrderView, timeZone: string): string {
  const lines = [
    `Pedido nº ${o.order} — ${situation(o)}`,
    `Criado em: ${formatDateTime(o.created_at, timeZone)}`,
    `Tipo: ${DELIVERY_LABELS[o.delivery_type] ?? o.delivery_type}`,
    `Pagamento: ${paymentText(o)}`,
  ];
  if (o.customer) lines.push(`Cliente: ${o.customer.name} ${maskPhone(o.customer.phone)}`);
  lines.push('', 'Itens:');
  lines.push(table(o.items.map((i) => [`  ${i.qnt}x`, i.name, formatBRL(i.line_cents)])));
  lines.push('');
  if (o.promotion)
    lines.push(
      o.promotion.kind === 'coupon'
        ? `Cupom ${o.promotion.code}: - ${formatBRL(o.promotion.discount)}`
        : `Conquista '${o.promotion.name}': - ${formatBRL(o.promotion.discount)}`,
    );
  if (o.totals.credits > 0) lines.push(`Créditos usados: - ${formatBRL(o.totals.credits)}`);
  lines.push(`Total: ${formatBRL(o.totals.total)}`, '');
  if (!o.evaluation) {
    lines.push(o.status === 'complete' ? 'Avaliação: o cliente ainda não avaliou este pedido.' : 'Avaliação: só pedidos concluídos são avaliados.');
  } else {
    const e = o.evaluation;
    lines.push(`Avaliação: ${e.total}/${MAX_TOTAL}, em ${formatDateTime(e.evaluated_at, timeZone)}`);
    // 'delivery' is the handing over for a pickup or table order (docs/api.md 'Evaluation').
    const label = (a: EvaluationAspect) => (a === 'delivery' && o.delivery_type !== 'delivery' ? 'Retirada/atendimento' : ASPECT_LABELS[a]);
    lines.push(table(EVALUATION_ASPECTS.map((a) => [`  ${label(a)}`, `${e[a]}/${RATING_MAX}`])));
  }
  return lines.join('\n');
}

type PromotionContext = { base: string; slug: string; estId: string; name: string; key: string };

const COUPON_STANDING: Record<Exclude<CouponStanding, 'not_started'>, string> = {
  active: 'ativo',
  inactive: 'desativado',
  ended: 'expirado',
  sold_out: 'esgotado',
};

/** A coupon in one line of the list: code, discount, bounds, uses left, and whether customers can use it now. */
function couponRow(c: CouponView, now: Temporal.Instant, timeZone: string): string[] {
  const standing = couponStanding(c, now);
  const state = standing === 'not_started' ? `a partir de ${formatDateTime(c.starts_at!, timeZone).slice(0, 10)}` : COUPON_STANDING[standing];
  const discount = c.discount_type === 'percentage' ? `${c.value}%` : formatBRL(c.value);
  const bounds = [
    c.min_total_products > 0 ? `a partir de ${formatBRL(c.min_total_products)}` : '',
    c.max_total_products > 0 ? `até ${formatBRL(c.max_total_products)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return [c.code, discount, bounds || '-', c.uses_left === null ? 'sem limite' : String(c.uses_left), state];
}

/** The establishment's coupon with this code (any spacing or case), from its list. */
async function findCoupon(ctx: PromotionContext, code: string | undefined): Promise<CouponView> {
  if (!code) throw new CliError('Informe o código do cupom.', 2);
  const list = expectStatus(await call<CouponsAnswer>(`${ctx.base}/api/establishments/${ctx.estId}/coupons`, { key: ctx.key }), 200, { slug: ctx.slug });
  const wanted = normalizeCouponCode(code);
  const coupon = list.coupons.find((c) => c.code === wanted);
  if (!coupon) throw new CliError(`Cupom ${wanted} não encontrado em ${ctx.slug}.`);
  return coupon;
}

async function switchCoupon(ctx: PromotionContext, code: string | undefined, active: boolean): Promise<string> {
  const coupon = await findCoupon(ctx, code);
  const url = `${ctx.base}/api/establishments/${ctx.estId}/coupons/${coupon._id}`;
  expectStatus(await call<CouponView>(url, { method: 'PUT', key: ctx.key, body: { active } }), 200, { slug: ctx.slug });
  return `Cupom ${coupon.code} ${active ? 'ativado' : 'desativado'}.`;
}

const PROMOTION_COMMANDS = {
  async credits(ctx: PromotionContext, [who, amount]: (string | undefined)[], reason: string | undefined): Promise<string> {
    if (!who || !amount)
      throw new CliError('Uso: npm run orders -- credits <e-mail, telefone ou id> <+/-valor em reais> --reason "<motivo>" --establishment <slug>', 2);
    const sign = /^[-\u2212]/.test(amount.trim()) ? -1 : 1;
    const cents = parseBRLInput(amount.trim().replace(/^[+\-\u2212]/, ''));
    if (cents === null || cents === 0) throw new CliError(`Valor inválido: ${amount} (ex.: 10,00 para dar, -5,50 para tirar).`, 2);
    if (!reason?.trim()) throw new CliError('Informe o motivo: --reason "<motivo>" (o cliente o vê no extrato dos créditos).', 2);
    const res = await call<CreditGrantAnswer>(`${ctx.base}/api/establishments/${ctx.estId}/credits`, {
      method: 'POST',
      key: ctx.key,
      body: { user: who, amount: sign * cents, reason: reason.trim() },
    });
    const answer = expectStatus(res, 200, { slug: ctx.slug }, (code) => {
      if (code === 'user_not_found') return new CliError(`Cliente ${who} não encontrado (informe o e-mail, o telefone ou o id da conta).`);
      if (code === 'credits_not_enough') return new CliError(`O cliente não tem créditos suficientes para tirar ${formatBRL(cents)}.`);
      return null;
    });
    return `${sign > 0 ? 'Dados' : 'Tirados'} ${formatBRL(cents)} de créditos a ${answer.user.name}. Saldo agora: ${formatBRL(answer.value)}.`;
  },
  async coupons(ctx: PromotionContext): Promise<string> {
    const list = expectStatus(await call<CouponsAnswer>(`${ctx.base}/api/establishments/${ctx.estId}/coupons`, { key: ctx.key }), 200, { slug: ctx.slug });
    if (list.coupons.length === 0) return `Nenhum cupom em ${ctx.name}.`;
    const now = Temporal.Now.instant();
    const timeZone = await establishmentTimeZone(ctx.base, ctx.estId);
    const rows = list.coupons.map((c) => couponRow(c, now, timeZone));
    return `${ctx.name}: ${list.coupons.length} ${list.coupons.length === 1 ? 'cupom' : 'cupons'}\n\n${table([['Código', 'Desconto', 'Produtos', 'Usos restantes', 'Situação'], ...rows])}`;
  },
  'coupon-on': (ctx: PromotionContext, [code]: (string | undefined)[]) => switchCoupon(ctx, code, true),
  'coupon-off': (ctx: PromotionContext, [code]: (string | undefined)[]) => switchCoupon(ctx, code, false),
};

/** A negative amount ('-5,50') would read as an option: it is carried with a minus sign of its own. */
const MINUS = '\u2212';

async function main(argv: string[]): Promise<string> {
  const parsed = parseCommandLine(
    argv.map((a) => (/^-\d[\d.,]*$/.test(a) ? `${MINUS}${a.slice(1)}` : a)),
    {
      reason: { type: 'string' },
      status: { type: 'string' },
      evaluated: { type: 'boolean' },
      limit: { type: 'string' },
    },
    USAGE,
  );
  const { values, positionals } = parsed;
  const [command, ref, ...extra] = positionals;
  if (values.help) return USAGE;
  if (!command || !(command === 'list' || command === 'show' || command in ACTIONS || command in PROMOTION_COMMANDS))
    throw new CliError(command ? `Comando desconhecido: ${command}\n\n${USAGE}` : USAGE, 2);
  const expected = command === 'credits' ? 1 : 0;
  if (extra.length > expected) throw new CliError(`Argumentos a mais: ${extra.slice(expected).join(' ')}\n\n${USAGE}`, 2);
  const slug = values.establishment;
  if (!slug) throw new CliError(`Informe o estabelecimento: --establishment <slug>\n\n${USAGE}`, 2);
  if (command in PROMOTION_COMMANDS) {
    const base = values.url.replace(/\/+$/, '');
    const est = await findEstablishment(base, slug);
    const context = { base, slug, estId: est._id, name: est.name, key: establishmentKey(slug, values.key) };
    return PROMOTION_COMMANDS[command as keyof typeof PROMOTION_COMMANDS](context, [ref, ...extra], values.reason);
  }
  if (command !== 'list' && !ref) throw new CliError(`Informe o número ou o id do pedido: npm run orders -- ${command} <pedido> --establishment ${slug}`, 2);

  const base = values.url.replace(/\/+$/, '');
  const key = establishmentKey(slug, values.key);

  const est = await findEstablishment(base, slug);
  const estId = est._id;
  const ordersUrl = `${base}/api/establishments/${estId}/orders`;

  if (command === 'list') {
    const timeZone = await establishmentTimeZone(base, estId);
    const query = new URLSearchParams({ sort: '-order', limit: values.limit ?? '20' });
    if (values.status) query.set('status', values.status);
    if (values.evaluated) query.set('evaluated', 'true');
    const list = expect(await call<OrdersListAnswer>(`${ordersUrl}?${query}`, { key }), 200, { slug });
    const orders = list.orders;
    if (orders.length === 0) return values.evaluated ? `Nenhum pedido avaliado em ${est.name}.` : `Nenhum pedido em ${est.name}.`;
    const rows = [['Nº', 'Situação', 'Criado em', 'Tipo', 'Agendado para', 'Cliente', 'Avaliação', 'Total', 'Pagamento']];
    for (const o of orders) {
      rows.push([
        String(o.order),
        situation(o),
        formatDateTime(o.created_at, timeZone),
        DELIVERY_LABELS[o.delivery_type] ?? o.delivery_type,
        o.scheduled_at ? formatDateTime(o.scheduled_at, timeZone).slice(0, 16) : '-',
        o.customer?.name ?? '-',
        o.evaluation ? `${o.evaluation.total}/${MAX_TOTAL}` : '-',
        formatBRL(o.totals.total),
        paymentText(o),
      ]);
    }
    const shown = orders.length < list.total ? `${orders.length} de ${list.total} pedidos` : `${orders.length} ${orders.length === 1 ? 'pedido' : 'pedidos'}`;
    return `${est.name}: ${shown}\n\n${table(rows)}`;
  }

  // A number is the establishment's order number; anything else an order id.
  let order: OrderView | undefined;
  if (/^\d+$/.test(ref!)) {
    order = expect(await call<OrdersListAnswer>(`${ordersUrl}?number=${ref}&limit=1`, { key }), 200, { slug, ref: `nº ${ref}` }).orders[0];
    if (!order) throw new CliError(`Pedido nº ${ref} não encontrado em ${slug}.`);
  } else {
    order = expect(await call<OrderView>(`${ordersUrl}/${encodeURIComponent(ref!)}`, { key }), 200, { slug, ref: ref! });
  }
  if (command === 'show') return showOrder(order, await establishmentTimeZone(base, estId));

  const action = ACTIONS[command as keyof typeof ACTIONS];
  const body: Partial<typeof StatusBody.inferIn> = { status: action.status };
  if (values.reason) body.cancellation_reason = values.reason;
  const changed = await call<OrderView>(`${ordersUrl}/${order._id}/status`, { method: 'PUT', key, body });
  if (changed.status === 409 && (changed.json as { message?: string } | null)?.message === 'payment_pending') {
    throw new CliError(
      `Não é possível ${action.verb} o pedido nº ${order.order}: ele aguarda o pagamento do Pix. Confirme-o quando o pagamento chegar (ou cancele-o).`,
    );
  }
  if (changed.status === 409 && (changed.json as { message?: string } | null)?.message === 'not_a_delivery') {
    throw new CliError(`Não é possível ${action.verb} o pedido nº ${order.order}: ele não é de entrega.`);
  }
  if (changed.status === 409) {
    // Tell the order's step now (it may have changed since it was read).
    const current = await call<OrderView>(`${ordersUrl}/${order._id}`, { key });
    const now = (current.status === 200 && (current.json as OrderView | null)?.step) || order.step;
    throw new CliError(`Não é possível ${action.verb} o pedido nº ${order.order}: a situação dele é “${STEP_LABELS[now] ?? now}”.`);
  }
  expect(changed, 200, { slug, ref: `nº ${order.order}` });
  return `Pedido nº ${order.order} ${action.done}.`;
}

await runCommand(main);
