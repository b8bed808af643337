// What the customer reads of the promotions outside the checkout (src/i18n/promotions.ts and the
// referral's invitation in src/i18n/messages.ts): each achievement's reward, progress, lock state and
// what is missing or why it cannot be used; the credits statement's lines for every reason the API
// sends; the referral's texts and the WhatsApp link that shares it.
import { describe, expect, it } from 'vitest';
import {
  achievementSummary,
  creditAmountText,
  creditEntryNoteText,
  creditReasonText,
  referralProgrammeText,
  referralShareText,
} from '../../src/i18n/promotions.ts';
import { referralInvitationText } from '../../src/i18n/messages.ts';
import { CREDIT_REASONS } from '../../src/schemas/api-promotions.ts';
import { referralPath, whatsappShareUrl } from '../../src/lib/urls.ts';

const FIVE_ORDERS = { goal_type: 'orders_count', goal_value: 5, reached: 2, reward_type: 'percentage', reward_value: 10, is_used: false } as const;
const SPEND_300 = { goal_type: 'spend_value', goal_value: 30000, reached: 18010, reward_type: 'fixed', reward_value: 2000, is_used: false } as const;
const FIRST_ORDER = { goal_type: 'orders_count', goal_value: 1, reached: 1, reward_type: 'free_delivery', reward_value: 0, is_used: false } as const;

describe('an achievement as the customer reads it [R-3.44]', () => {
  it('while locked: its reward in words, the progress percent and what is still missing [R-4.56] [R-9.18]', () => {
    expect(achievementSummary(FIVE_ORDERS)).toEqual({
      state: 'locked',
      percent: 40,
      reward: '10% de desconto',
      status: 'Faltam 3 pedidos',
      statusShort: 'Faltam 3 pedidos',
    });
    expect(achievementSummary(SPEND_300)).toEqual({
      state: 'locked',
      percent: 60,
      reward: 'R$ 20,00 de desconto',
      status: 'Faltam R$ 119,90',
      statusShort: 'Faltam R$ 119,90',
    });
    expect(achievementSummary({ ...FIVE_ORDERS, reached: 4 }).status).toBe('Falta 1 pedido');
  });

  it('unlocked at 100%, saying where to use it [R-4.56]', () => {
    expect(achievementSummary(FIRST_ORDER)).toEqual({
      state: 'unlocked',
      percent: 100,
      reward: 'Entrega grátis',
      status: 'Desbloqueada! Escolha este prêmio ao finalizar o seu próximo pedido.',
      statusShort: 'Desbloqueada!',
    });
    // More than the goal is still 100%.
    expect(achievementSummary({ ...SPEND_300, reached: 45000 }).percent).toBe(100);
  });

  it("used: 'Já usado', whatever the progress [R-2.104]", () => {
    const used = achievementSummary({ ...FIRST_ORDER, is_used: true });
    expect(used).toMatchObject({ state: 'used', percent: 100, statusShort: 'Já usado', status: 'Você já usou este prêmio em um pedido.' });
  });
});

describe('the credits statement', () => {
  it('has a Portuguese text for every reason the API sends', () => {
    const texts = CREDIT_REASONS.map(creditReasonText);
    for (const [i, text] of texts.entries()) {
      expect(text, CREDIT_REASONS[i]).not.toMatch(/credits\.reason|^$/);
    }
    expect(new Set(texts).size).toBe(CREDIT_REASONS.length);
    expect(creditReasonText('referral')).toBe('Bônus de indicação');
    expect(creditReasonText('order_cancelled')).toBe('Devolvido: pedido cancelado');
  });

  it('signs each amount: + received, − spent', () => {
    expect(creditAmountText(1000)).toBe('+ R$ 10,00');
    expect(creditAmountText(-250)).toBe('− R$ 2,50');
    expect(creditAmountText(123456)).toBe('+ R$ 1.234,56');
  });

  it("shows the establishment's note as given, and both names of a referral", () => {
    expect(creditEntryNoteText({ reason: 'grant', note: ' Pedido 12 chegou frio ' })).toBe('Pedido 12 chegou frio');
    expect(creditEntryNoteText({ reason: 'referral', note: 'João' })).toBe('Você e João ganharam pela indicação.');
    expect(creditEntryNoteText({ reason: 'order', note: null })).toBeNull();
    expect(creditEntryNoteText({ reason: 'removal', note: '   ' })).toBeNull();
  });
});

describe('the referral', () => {
  it('invites a visitor who came through a link only where the establishment gives credit for it', () => {
    expect(referralInvitationText(1000)).toBe('Você foi indicado por um amigo: conclua o seu primeiro pedido e vocês dois ganham R$ 10,00 em créditos.');
    expect(referralInvitationText(0)).toBeNull();
  });

  it('says how much each side earns, or that there is no programme', () => {
    expect(referralProgrammeText('Mercado Sol', 1500)).toContain('vocês dois ganham R$ 15,00 em créditos');
    expect(referralProgrammeText('Mercado Sol', 0)).toBe(
      'No momento Mercado Sol não dá créditos por indicação. Você ainda pode compartilhar o seu link com quem quiser conhecer a loja.',
    );
  });

  it('shares a Portuguese message with the link on WhatsApp', () => {
    const link = `https://mercadosol.example${referralPath('mercado-sol-centro', 'MARIA7K2A')}`;
    const text = referralShareText('Mercado Sol — Centro', 1000, link);
    expect(text).toBe(
      `Oi! Eu compro em Mercado Sol — Centro e estou te indicando: crie a sua conta pelo meu link e, quando o seu primeiro pedido for concluído, nós dois ganhamos R$ 10,00 em créditos. ${link}`,
    );
    expect(referralShareText('Mercado Sol', 0, link)).not.toContain('R$');
    const url = new URL(whatsappShareUrl(text));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    // The whole message, link and query included, comes back as typed.
    expect(url.searchParams.get('text')).toBe(text);
    expect(url.search).not.toContain('&indicacao');
  });
});
