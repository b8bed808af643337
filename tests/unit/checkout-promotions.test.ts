// The checkout's coupon box, achievement picker and credits as pure rules (islands/checkout/
// promotions.ts) and the preview's credits against what the server takes (islands/checkout/model.ts
// pricingInput, src/server/services/orders.ts): named fixtures, plus a property comparing the
// preview with the server's pricing of the same draft's payload.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderPayload, pricingInput, sendFailureAction } from '../../islands/checkout/model.ts';
import {
  appliedPromotionProblem,
  couponCheckFailure,
  creditsCoverOrder,
  creditsPatch,
  planAchievement,
  planCoupon,
  promotionFacts,
  promotionToClear,
  type PromotionFacts,
  type PromotionMessage,
} from '../../islands/checkout/promotions.ts';
import { messageText } from '../../islands/checkout/usePromotions.ts';
import { priceOrder, type PricingInput } from '../../src/domain/order-pricing.ts';
import { hasKey } from '../../src/i18n/index.ts';
import type { AchievementView, CouponView } from '../../src/schemas/api-promotions.ts';
import { draftLines, emptyDraft, type Draft, type DraftProduct } from '../../src/schemas/draft.ts';
import type { EstablishmentView } from '../../src/schemas/views.ts';

const BEMVINDO: CouponView = {
  _id: 'bem-vindo',
  code: 'BEMVINDO10',
  discount_type: 'percentage',
  value: 10,
  min_total_products: 5000,
  max_total_products: 0,
  description: '10% de desconto na sua primeira compra com entrega',
  starts_at: null,
  ends_at: null,
  active: true,
  uses_left: null,
  uses_left_for_customer: 1,
};
const FEIRA: CouponView = {
  ...BEMVINDO,
  _id: 'feira',
  code: 'FEIRA15',
  discount_type: 'fixed',
  value: 1500,
  min_total_products: 8000,
  max_total_products: 50000,
};

const PRIMEIRA: AchievementView = {
  _id: 'primeira-compra',
  name: 'Primeira compra',
  goal_description: 'Conclua o seu primeiro pedido',
  goal_type: 'orders_count',
  goal_value: 1,
  reached: 1,
  reward_type: 'free_delivery',
  reward_value: 0,
  reward_description: 'Entrega grátis no próximo pedido',
  is_used: false,
};
const FIEL: AchievementView = {
  ...PRIMEIRA,
  _id: 'cliente-fiel',
  name: 'Cliente fiel',
  goal_value: 5,
  reached: 5,
  reward_type: 'percentage',
  reward_value: 10,
};
const CHEIO: AchievementView = {
  ...PRIMEIRA,
  _id: 'carrinho-cheio',
  name: 'Carrinho cheio',
  goal_type: 'spend_value',
  goal_value: 30000,
  reached: 12000,
  reward_type: 'fixed',
  reward_value: 2000,
};

/** Delivery to a chosen address with a fee of R$ 6,90 and R$ 60,00 of products, none on promotion. */
const DELIVERED: PromotionFacts = {
  lines: [{ promo: false }],
  delivery_type: 'delivery',
  has_address: true,
  fee_known: true,
  delivery_fee: 690,
  subtotal: 6000,
};
const NOTHING: Pick<Draft, 'coupon' | 'achievement'> = { coupon: null, achievement: null };

const key = (m: PromotionMessage | null | undefined) => m?.key;

function refusedKey(plan: ReturnType<typeof planCoupon>): string | undefined {
  return plan.kind === 'refused' ? plan.message.key : undefined;
}

describe('applying a coupon the server accepted', () => {
  it('applies to a delivery with a fee and no product on promotion, at once, and drops nothing else [R-5.50]', () => {
    const plan = planCoupon(BEMVINDO, NOTHING, DELIVERED);
    expect(plan).toEqual({
      kind: 'apply',
      confirmations: [],
      patch: {
        coupon: { _id: 'bem-vindo', code: 'BEMVINDO10', discount_type: 'percentage', value: 10, min_total_products: 5000, max_total_products: 0 },
        achievement: null,
      },
    });
  });

  it('warns below min_total_products and above a non-zero max_total_products, and does not apply [R-5.48] [R-5.49]', () => {
    const below = planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, subtotal: 4999 });
    expect(below).toEqual({ kind: 'refused', message: { key: 'checkout:coupon.problems.coupon_min_total', params: { min: 'R$\u00a050,00' } } });
    const above = planCoupon(FEIRA, NOTHING, { ...DELIVERED, subtotal: 50001 });
    expect(above).toEqual({ kind: 'refused', message: { key: 'checkout:coupon.problems.coupon_max_total', params: { max: 'R$\u00a0500,00' } } });
    // 0 is no maximum.
    expect(planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, subtotal: 9_000_000 }).kind).toBe('apply');
    expect(planCoupon(FEIRA, NOTHING, { ...DELIVERED, subtotal: 50000 }).kind).toBe('apply');
  });

  it('asks first when some products are on promotion, then applies to the others (decisions #1)', () => {
    const plan = planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, lines: [{ promo: true }, { promo: false }] });
    expect(plan.kind).toBe('apply');
    if (plan.kind !== 'apply') return;
    expect(plan.confirmations.map((c) => c.key)).toEqual(['checkout:coupon.confirmSkipsPromo']);
    expect(messageText(plan.confirmations[0]!)).toBe('O desconto do cupom não se aplica aos itens em promoção. Aplicar o cupom aos demais itens?');
  });

  it('warns and does not apply when every product is on promotion (decisions #2) [R-5.52] [R-5.53]', () => {
    expect(refusedKey(planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, lines: [{ promo: true }, { promo: true }] }))).toBe(
      'checkout:coupon.problems.promotion_all_discounted',
    );
  });

  it('needs delivery, a chosen address and a fee still charged (decisions #3) [R-5.54] [R-5.55] [R-5.56]', () => {
    expect(refusedKey(planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, delivery_type: 'pickup', has_address: false, delivery_fee: 0 }))).toBe(
      'checkout:coupon.problems.promotion_needs_delivery',
    );
    expect(refusedKey(planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, delivery_type: null, has_address: false, delivery_fee: 0 }))).toBe(
      'checkout:coupon.problems.promotion_needs_delivery',
    );
    expect(refusedKey(planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, has_address: false, delivery_fee: 0 }))).toBe(
      'checkout:coupon.problems.promotion_needs_address',
    );
    // The address's band is free, or the free-delivery threshold waives the fee.
    expect(refusedKey(planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, delivery_fee: 0 }))).toBe('checkout:coupon.problems.promotion_free_delivery');
    // The fee is still being asked: nothing is decided on a fee the customer was not shown.
    expect(refusedKey(planCoupon(BEMVINDO, NOTHING, { ...DELIVERED, fee_known: false }))).toBe('checkout:coupon.problems.fee_loading');
  });

  it('asks before replacing an achievement, then before skipping items on promotion; applying drops the achievement [R-1.11]', () => {
    const draft = { coupon: null, achievement: { _id: 'cliente-fiel', name: 'Cliente fiel', reward_type: 'percentage' as const, reward_value: 10 } };
    const plan = planCoupon(BEMVINDO, draft, { ...DELIVERED, lines: [{ promo: true }, { promo: false }] });
    expect(plan.kind).toBe('apply');
    if (plan.kind !== 'apply') return;
    expect(plan.confirmations.map((c) => messageText(c))).toEqual([
      'Você está usando a conquista “Cliente fiel”. Cada pedido aceita um cupom ou uma conquista, não os dois. Trocar a conquista pelo cupom BEMVINDO10?',
      'O desconto do cupom não se aplica aos itens em promoção. Aplicar o cupom aos demais itens?',
    ]);
    expect(plan.patch).toMatchObject({ achievement: null, coupon: { _id: 'bem-vindo' } });
  });

  it('the same coupon again changes nothing', () => {
    const applied = planCoupon(BEMVINDO, NOTHING, DELIVERED);
    if (applied.kind !== 'apply') throw new Error('not applied');
    expect(planCoupon(BEMVINDO, { coupon: applied.patch.coupon!, achievement: null }, DELIVERED)).toEqual({ kind: 'unchanged' });
  });
});

describe('choosing an achievement', () => {
  it('a locked one says it cannot be used and what is missing; a used one says it was used [R-5.60]', () => {
    const locked = planAchievement(CHEIO, NOTHING, DELIVERED);
    expect(locked.kind === 'refused' && messageText(locked.message)).toBe(
      'Esta conquista não pode ser usada. Ela ainda não foi desbloqueada: faltam R$\u00a0180,00.',
    );
    const lockedOrders = planAchievement({ ...FIEL, reached: 4 }, NOTHING, DELIVERED);
    expect(lockedOrders.kind === 'refused' && messageText(lockedOrders.message)).toBe(
      'Esta conquista não pode ser usada. Ela ainda não foi desbloqueada: falta 1 pedido concluído.',
    );
    const used = planAchievement({ ...PRIMEIRA, is_used: true }, NOTHING, DELIVERED);
    expect(used.kind === 'refused' && messageText(used.message)).toBe('Esta conquista não pode ser usada. O prêmio dela já foi usado.');
  });

  it('free delivery needs a fee above zero and a chosen address, and applies when every product is on promotion [R-5.57]', () => {
    expect(refusedKey(planAchievement(PRIMEIRA, NOTHING, { ...DELIVERED, delivery_fee: 0 }))).toBe('checkout:gamification.problems.promotion_free_delivery');
    expect(refusedKey(planAchievement(PRIMEIRA, NOTHING, { ...DELIVERED, has_address: false, delivery_fee: 0 }))).toBe(
      'checkout:gamification.problems.promotion_needs_address',
    );
    expect(refusedKey(planAchievement(PRIMEIRA, NOTHING, { ...DELIVERED, delivery_type: 'pickup', has_address: false }))).toBe(
      'checkout:gamification.problems.promotion_needs_delivery',
    );
    const allPromo = planAchievement(PRIMEIRA, NOTHING, { ...DELIVERED, lines: [{ promo: true }] });
    expect(allPromo).toEqual({
      kind: 'apply',
      confirmations: [],
      patch: { achievement: { _id: 'primeira-compra', name: 'Primeira compra', reward_type: 'free_delivery', reward_value: 0 }, coupon: null },
    });
  });

  it('a percentage or fixed prize needs products to discount, and asks when some are on promotion [R-5.58]', () => {
    expect(refusedKey(planAchievement(FIEL, NOTHING, { ...DELIVERED, lines: [{ promo: true }] }))).toBe(
      'checkout:gamification.problems.promotion_all_discounted',
    );
    const some = planAchievement(FIEL, NOTHING, { ...DELIVERED, lines: [{ promo: true }, { promo: false }] });
    expect(some.kind === 'apply' && some.confirmations.map((c) => c.key)).toEqual(['checkout:gamification.confirmSkipsPromo']);
    const none = planAchievement(FIEL, NOTHING, DELIVERED);
    expect(none.kind === 'apply' && none.confirmations).toEqual([]);
  });

  it('asks before replacing a coupon, and applying drops it [R-1.11]', () => {
    const applied = planCoupon(BEMVINDO, NOTHING, DELIVERED);
    if (applied.kind !== 'apply') throw new Error('not applied');
    const plan = planAchievement(PRIMEIRA, { coupon: applied.patch.coupon!, achievement: null }, DELIVERED);
    expect(plan.kind).toBe('apply');
    if (plan.kind !== 'apply') return;
    expect(plan.confirmations.map((c) => messageText(c))).toEqual([
      'Você está usando o cupom BEMVINDO10. Cada pedido aceita um cupom ou uma conquista, não os dois. Trocar o cupom pela conquista “Primeira compra”?',
    ]);
    expect(plan.patch.coupon).toBeNull();
  });
});

describe('a promotion already applied', () => {
  const coupon = { _id: 'bem-vindo', code: 'BEMVINDO10', discount_type: 'percentage' as const, value: 10, min_total_products: 5000, max_total_products: 0 };

  it('says why the server would refuse it now that the cart or the delivery changed', () => {
    expect(appliedPromotionProblem({ coupon, achievement: null }, DELIVERED)).toBeNull();
    expect(key(appliedPromotionProblem({ coupon, achievement: null }, { ...DELIVERED, subtotal: 3000 }))).toBe('checkout:coupon.problems.coupon_min_total');
    expect(key(appliedPromotionProblem({ coupon, achievement: null }, { ...DELIVERED, delivery_type: 'pickup' }))).toBe(
      'checkout:coupon.problems.promotion_needs_delivery',
    );
    const prize = { _id: 'primeira-compra', name: 'Primeira compra', reward_type: 'free_delivery' as const, reward_value: 0 };
    expect(key(appliedPromotionProblem({ coupon: null, achievement: prize }, { ...DELIVERED, delivery_fee: 0 }))).toBe(
      'checkout:gamification.problems.promotion_free_delivery',
    );
    expect(appliedPromotionProblem(NOTHING, { ...DELIVERED, delivery_type: 'pickup' })).toBeNull();
  });

  it('a coupon goes by itself, with a toast, once every product is on promotion (decisions #2) [R-4.17]', () => {
    const cleared = promotionToClear({ coupon, achievement: null }, [{ promo: true }, { promo: true }]);
    expect(cleared?.patch).toEqual({ coupon: null });
    expect(messageText(cleared!.message)).toBe('O cupom BEMVINDO10 foi removido: todos os itens do pedido já estão em promoção.');
    expect(promotionToClear({ coupon, achievement: null }, [{ promo: true }, { promo: false }])).toBeNull();
    // A free-delivery prize discounts the fee, not the products: it stays.
    const prize = { _id: 'primeira-compra', name: 'Primeira compra', reward_type: 'free_delivery' as const, reward_value: 0 };
    expect(promotionToClear({ coupon: null, achievement: prize }, [{ promo: true }])).toBeNull();
    expect(promotionToClear({ coupon: null, achievement: { ...prize, reward_type: 'percentage', reward_value: 10 } }, [{ promo: true }])?.patch).toEqual({
      achievement: null,
    });
  });
});

describe("the coupon check's refusals", () => {
  it('each 403 has its own warning and empties the field; 404 says the code does not exist', () => {
    const shown = (status: number, code: string) => {
      const f = couponCheckFailure(status, code);
      return [messageText(f.message), f.clearCode];
    };
    expect(shown(403, 'coupon_sold_out')).toEqual(['Este cupom esgotou: todos os usos dele já foram aproveitados.', true]);
    expect(shown(403, 'coupon_expired')).toEqual(['Este cupom está fora da validade.', true]);
    expect(shown(403, 'coupon_inactive')).toEqual(['Este cupom foi desativado pela loja.', true]);
    expect(shown(403, 'coupon_used')).toEqual(['Você já usou este cupom todas as vezes permitidas.', true]);
    expect(shown(404, 'coupon_not_found')).toEqual(['Este cupom não existe. Confira o código digitado.', false]);
    expect(shown(0, 'network_error')[1]).toBe(false);
    expect(shown(500, 'internal_error')).toEqual(['Não foi possível verificar o cupom agora. Tente de novo em instantes.', false]);
  });
});

describe('sending an order with a promotion or credits', () => {
  it("the server's refusals at submit each have a message and repair the draft", () => {
    for (const code of ['coupon_sold_out', 'coupon_expired', 'coupon_inactive', 'coupon_used'])
      expect(sendFailureAction(403, code)).toMatchObject({ key: `checkout:errors.${code}`, clearCoupon: true, section: 'coupon' });
    expect(sendFailureAction(404, 'coupon_not_found')).toMatchObject({ clearCoupon: true });
    expect(sendFailureAction(403, 'can_not_use_achievement')).toMatchObject({ key: 'checkout:errors.can_not_use_achievement', clearAchievement: true });
    expect(sendFailureAction(422, 'coupon_min_total')).toMatchObject({ key: 'checkout:errors.coupon_min_total', section: 'coupon' });
    expect(sendFailureAction(422, 'promotion_needs_delivery')).toMatchObject({ section: 'delivery' });
    expect(sendFailureAction(422, 'promotion_needs_address')).toMatchObject({ section: 'address' });
    expect(sendFailureAction(422, 'promotion_free_delivery')).toMatchObject({ section: 'promotion' });
    expect(sendFailureAction(422, 'promotion_all_discounted')).toMatchObject({ clearPromotion: true });
    expect(sendFailureAction(422, 'coupon_and_achievement')).toMatchObject({ clearAchievement: true });
    expect(sendFailureAction(422, 'credits_cover_total')).toMatchObject({ refreshCredits: true, section: 'payment' });
    expect(sendFailureAction(409, 'credits_changed')).toMatchObject({ key: 'checkout:errors.credits_changed', refreshCredits: true });
    const codes = [
      [403, 'coupon_sold_out'],
      [403, 'coupons_disabled'],
      [404, 'coupon_not_found'],
      [403, 'gamification_disabled'],
      [422, 'coupon_max_total'],
      [422, 'promotion_free_delivery'],
      [422, 'promotion_all_discounted'],
      [422, 'coupon_and_achievement'],
      [422, 'credits_cover_total'],
      [422, 'credits_without_method'],
      [409, 'credits_changed'],
    ] as const;
    for (const [status, code] of codes) expect(hasKey(sendFailureAction(status, code).key), code).toBe(true);
  });
});

// ---- Credits ------------------------------------------------------------------------------

const PREFS = {
  use_packing_fee: true,
  use_packing_fee_products: true,
  packing_price: 50,
  has_pickup_discount: true,
  pickup_discount_type: 'fixed' as const,
  pickup_discount_value: 300,
  free_delivery_tax_after_product_price: 20000,
} as EstablishmentView['preferences'];

function product(id: string, unit: number, qnt: number, promo = false): DraftProduct {
  return {
    id,
    name: id,
    image: null,
    qnt,
    promo,
    packing_quantity: 1,
    price: unit,
    normal_price: null,
    unit_cents: unit,
    line_cents: unit * qnt,
    note: '',
    delivery_type: ['delivery', 'pickup'],
    tags: [],
    variations: [],
  };
}

const ADDRESS = { _id: 'a1', street: 'Rua Amador Bueno', number: '481', complement: null, neighborhood: 'Centro', city: 'Santos', state: 'SP' };

function preview(draft: Draft, balance: number) {
  return priceOrder(
    pricingInput({ draft, lines: draftLines(draft), prefs: PREFS, freeDeliveryEnabled: true, orderVariationsCents: 0, creditsAvailable: balance }),
  );
}

/**
 * What the server prices for the payload of `draft` (src/server/services/orders.ts checkOrder): the
 * lines it is sent, the fee of the address it names, the coupon or prize it names, and with
 * use_credits the customer's whole balance.
 */
function serverPrice(draft: Draft, balance: number) {
  const body = orderPayload(draft)!;
  const input: PricingInput = {
    lines: draft.products.map((p) => ({ line_cents: p.line_cents, qnt: p.qnt, promo: p.promo, packing_quantity: p.packing_quantity })),
    order_variations_cents: 0,
    delivery_type: body.delivery_type,
    delivery_fee: body.delivery_type === 'delivery' && body.address_id !== null ? draft.delivery_tax : null,
    preferences: PREFS,
    free_delivery_enabled: true,
    coupon: body.coupon_id && draft.coupon ? { discount_type: draft.coupon.discount_type, value: draft.coupon.value } : null,
    achievement: body.achievement_id && draft.achievement ? { reward_type: draft.achievement.reward_type, reward_value: draft.achievement.reward_value } : null,
    credits_available: body.use_credits ? balance : 0,
  };
  return priceOrder(input);
}

describe('credits', () => {
  it('the preview takes the balance up to the total after the cart grew, as the server does (the known bug) [R-4.5]', () => {
    // Ticked on a R$ 10,00 order with R$ 50,00 of credit: the draft held R$ 10,50 (with packing).
    const ticked: Draft = { ...emptyDraft(0, 'k'), products: [product('pao', 1000, 1)], delivery_type: 'pickup', payment_type: 'offline', credits: 1050 - 300 };
    expect(preview(ticked, 5000)).toMatchObject({ credits: 750, total: 0 });
    // The cart grew to R$ 30,00: the server takes R$ 27,50 of the balance, and so does the preview.
    const grown: Draft = { ...ticked, products: [product('pao', 1000, 3)] };
    expect(serverPrice(grown, 5000)).toMatchObject({ credits: 3150 - 300, total: 0 });
    expect(preview(grown, 5000)).toEqual(serverPrice(grown, 5000));
  });

  it('the draft follows the credits priced, and an order they pay in full is paid by credits [R-4.5]', () => {
    expect(creditsPatch({ credits: 750, payment_type: 'offline' }, { credits: 2850, total: 0 }, 5000)).toEqual({
      credits: 2850,
      payment_type: 'credits',
      payment_method: null,
      change: null,
    });
    expect(creditsCoverOrder({ credits: 2850 }, { credits: 2850, total: 0 })).toBe(true);
    // They no longer cover it: the customer picks how to pay the rest.
    expect(creditsPatch({ credits: 5000, payment_type: 'credits' }, { credits: 5000, total: 1200 }, 5000)).toEqual({ payment_type: null });
    expect(creditsCoverOrder({ credits: 5000 }, { credits: 5000, total: 1200 })).toBe(false);
    // In step: nothing to do; not ticked: nothing to do.
    expect(creditsPatch({ credits: 5000, payment_type: 'offline' }, { credits: 5000, total: 1200 }, 5000)).toBeNull();
    expect(creditsPatch({ credits: 0, payment_type: null }, { credits: 0, total: 1200 }, 5000)).toBeNull();
    // The balance is gone (spent in another tab): nothing is used.
    expect(creditsPatch({ credits: 700, payment_type: 'credits' }, { credits: 0, total: 1200 }, 0)).toEqual({ credits: 0, payment_type: null });
  });

  it('the preview prices exactly what the server will for any draft, balance and credits ticked earlier (property)', () => {
    const productArb = fc.record({ unit: fc.integer({ min: 1, max: 20000 }), qnt: fc.integer({ min: 1, max: 20 }), promo: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(productArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('delivery', 'pickup') as fc.Arbitrary<'delivery' | 'pickup'>,
        fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom('none', 'percentage', 'fixed', 'free_delivery', 'prize_percentage'),
        (products, type, fee, balance, tickedWith, promo) => {
          const draft: Draft = {
            ...emptyDraft(0, 'k'),
            products: products.map((p, i) => product(`p${i}`, p.unit, p.qnt, p.promo)),
            delivery_type: type,
            delivery_address: type === 'delivery' && fee !== null ? ADDRESS : null,
            delivery_tax: type === 'delivery' ? fee : null,
            payment_type: 'offline',
            credits: tickedWith,
            coupon:
              promo === 'percentage' || promo === 'fixed'
                ? { _id: 'c', code: 'C', discount_type: promo, value: promo === 'fixed' ? 1500 : 10, min_total_products: 0, max_total_products: 0 }
                : null,
            achievement:
              promo === 'free_delivery' || promo === 'prize_percentage'
                ? { _id: 'a', name: 'A', reward_type: promo === 'free_delivery' ? 'free_delivery' : 'percentage', reward_value: 10 }
                : null,
          };
          expect(preview(draft, balance)).toEqual(serverPrice(draft, balance));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the facts of a draft: the address counts for delivery only, its fee known once asked', () => {
    const draft: Draft = {
      ...emptyDraft(0, 'k'),
      products: [product('pao', 1000, 6)],
      delivery_type: 'delivery',
      delivery_address: ADDRESS,
      delivery_tax: null,
    };
    const totals = preview(draft, 0);
    expect(promotionFacts(draft, draftLines(draft), totals)).toMatchObject({ has_address: true, fee_known: false, subtotal: 6000 });
    expect(promotionFacts({ ...draft, delivery_type: 'pickup' }, draftLines(draft), totals)).toMatchObject({ has_address: false, fee_known: true });
  });
});
