// The card screens' rules (islands/cards/validation-flow.ts): which step a card is at whatever
// route was opened, the charge's range in words, the texts of a
// wrong amount, when the last-attempt warning comes, what the charge's and
// the amount's refusals mean, the server's field problems under the form's
// fields, and the draft's copy of a card (no number, no CVV).
import { describe, expect, it } from 'vitest';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { t } from '../../src/i18n/index.ts';
import {
  STEP_ROUTE,
  amountFailure,
  cardProblemText,
  chargeFailure,
  chargeRange,
  draftPaymentCard,
  serverFieldErrors,
  stepForCard,
  stepOfRoute,
  warnsLastAttempt,
  wrongAmountText,
} from '../../islands/cards/validation-flow.ts';

const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

describe('the step a card is at', () => {
  it('each route names its step and back [R-2.14] [R-2.16] [R-2.17] [R-2.18]', () => {
    expect(STEP_ROUTE).toEqual({ start: 'cartao-validar', amount: 'cartao-valor', confirmed: 'cartao-confirmado', exceeded: 'cartao-tentativas-excedidas' });
    for (const [step, route] of Object.entries(STEP_ROUTE)) expect(stepOfRoute(route)).toBe(step);
  });

  it('a card not verified starts with the charge, wherever it was opened [R-4.19]', () => {
    const card = { brand: 'visa', verification_status: 'not_verified' as const };
    expect(stepForCard(card, false, 'start')).toBe('start');
    expect(stepForCard(card, false, 'amount')).toBe('start');
    expect(stepForCard(card, false, 'confirmed')).toBe('start');
  });

  it('a card already charged skips the charge and goes to the amount [R-4.20]', () => {
    expect(stepForCard({ brand: 'visa', verification_status: 'verification_in_progress' }, false, 'start')).toBe('amount');
  });

  it('a verified card is done, even for a blacklisted customer', () => {
    expect(stepForCard({ brand: 'visa', verification_status: 'verified' }, false, 'start')).toBe('confirmed');
    expect(stepForCard({ brand: 'visa', verification_status: 'verified' }, true, 'amount')).toBe('confirmed');
  });

  it('a blacklisted customer cannot start a validation: the attempts-exceeded step instead [R-6.7] [R-6.8]', () => {
    expect(stepForCard({ brand: 'visa', verification_status: 'not_verified' }, true, 'start')).toBe('exceeded');
    expect(stepForCard({ brand: 'visa', verification_status: 'verification_in_progress' }, true, 'amount')).toBe('exceeded');
    expect(stepForCard(null, false, 'exceeded')).toBe('exceeded');
  });
});

describe('texts', () => {
  it('the charge range comes from the card, R$ 0,01 to R$ 5,00 by default [R-9.1]', () => {
    expect(chargeRange({ min_value: 1, max_value: 500 })).toEqual({ min: nbsp('R$ 0,01'), max: nbsp('R$ 5,00') });
    expect(chargeRange({ min_value: 10, max_value: 250 })).toEqual({ min: nbsp('R$ 0,10'), max: nbsp('R$ 2,50') });
    expect(chargeRange({})).toEqual({ min: nbsp('R$ 0,01'), max: nbsp('R$ 5,00') });
  });

  it("a wrong amount: 'Valor incorreto' and the tries left, singular for 1 [R-8.36] [R-8.37]", () => {
    expect(wrongAmountText(2)).toEqual(['Valor incorreto', '2 tentativas restantes']);
    expect(wrongAmountText(1)).toEqual(['Valor incorreto', '1 tentativa restante']);
  });

  it('the last-attempt warning comes with exactly 1 try left [R-8.39]', () => {
    expect(warnsLastAttempt(1)).toBe(true);
    expect(warnsLastAttempt(2)).toBe(false);
    expect(warnsLastAttempt(null)).toBe(false);
  });

  it('field problems in Portuguese, the domain codes and the server fields alike [R-5.1] [R-5.2] [R-5.3] [R-5.9]', () => {
    expect(cardProblemText('validate_card')).toBe('Cartão vencido: a validade é anterior ao mês atual.');
    expect(cardProblemText('document_incomplete')).toBe('CPF/CNPJ incompleto');
    expect(cardProblemText('document_not_validate')).toBe('CPF/CNPJ inválido');
    expect(cardProblemText('invalid_cvv')).toBe('Por favor, insira um CVV válido com 3 ou 4 dígitos.');
    expect(
      serverFieldErrors([
        { path: 'due_month', code: 'validate_card', message: '' },
        { path: 'number', code: 'invalid_number', message: '' },
        { path: 'security_code', code: 'invalid_cvv', message: '' },
        { path: 'payment_card_document', code: 'document_not_validate', message: '' },
        { path: 'holder', code: 'holder_required', message: '' },
        { path: '(root)', code: 'whatever', message: '' },
      ]),
    ).toEqual({
      validity: 'Cartão vencido: a validade é anterior ao mês atual.',
      number: 'Número do cartão inválido.',
      securityCode: 'Por favor, insira um CVV válido com 3 ou 4 dígitos.',
      document: 'CPF/CNPJ inválido',
      holder: 'Informe o nome do titular do cartão.',
    });
  });
});

describe('refusals', () => {
  it("the issuer's refusals of the charge read as 'problema com o cartão' [R-8.32]; another refusal is 'other', the toast's [R-8.33]", () => {
    for (const code of [
      'payment_not_done',
      'credit_card_problems',
      'credit_card_expired',
      'credit_card_blocked',
      'credit_card_canceled',
      'payment_gateway_offline',
    ]) {
      expect(chargeFailure({ status: 403, code })).toBe('declined');
    }
    expect(chargeFailure({ status: 403, code: 'invalid_payment_card' })).toBe('other');
    expect(chargeFailure({ status: 403, code: 'online_payment_not_available' })).toBe('online_off');
    expect(chargeFailure({ status: 403, code: 'card_holder_blocked' })).toBe('blocked');
    expect(chargeFailure({ status: 403, code: 'phone_not_verified' })).toBe('contacts');
    expect(chargeFailure({ status: 409, code: 'card_already_verified' })).toBe('already_verified');
    expect(chargeFailure({ status: 404, code: 'card_not_found' })).toBe('not_found');
    expect(chargeFailure({ status: 400, code: 'invalid_body', fields: [{ path: 'card.security_code', code: 'invalid_cvv', message: '' }] })).toBe(
      'invalid_cvv',
    );
    expect(chargeFailure({ status: 0, code: 'network_error' })).toBe('other');
  });

  it("the day's validations spent (429 too_many_validations) are told apart from a refused card, in Portuguese", () => {
    expect(chargeFailure({ status: 429, code: 'too_many_validations' })).toBe('too_many');
    expect(t('cards:errors.too_many_validations')).toBe('Você já fez muitas validações de cartão hoje. Tente novamente mais tarde.');
  });

  it('the amount: 400 wrong with the tries left, 403 exceeded [R-7.58] [R-7.59] [R-8.41]', () => {
    expect(amountFailure({ status: 400, code: 'wrong_amount', params: { attempts_left: 2 } })).toEqual({ kind: 'wrong', attemptsLeft: 2 });
    expect(amountFailure({ status: 400, code: 'wrong_amount' })).toEqual({ kind: 'wrong', attemptsLeft: 0 });
    expect(amountFailure({ status: 403, code: 'attempts_exceeded' })).toEqual({ kind: 'exceeded' });
    expect(amountFailure({ status: 400, code: 'invalid_body' })).toEqual({ kind: 'not_positive' });
    expect(amountFailure({ status: 404, code: 'validation_not_found' })).toEqual({ kind: 'expired' });
    expect(amountFailure({ status: 409, code: 'verification_charging' })).toEqual({ kind: 'charging' });
    expect(amountFailure({ status: 500, code: 'internal_error' })).toEqual({ kind: 'other' });
  });
});

it("the draft keeps what identifies and shows a card, never a number or a CVV (decisions 'Card data')", () => {
  const card = {
    _id: 'pc_1',
    card_id: 'pc_1',
    token_id: 'pc_1',
    number: '•••• •••• •••• 0002',
    display_number: '•••• 0002',
    last4: '0002',
    brand: 'visa',
    image: '/card-brands/visa.svg',
    due_month: 12,
    due_year: 2031,
    expiry_date: '12/31',
    holder: 'MARIA',
    payment_card_document: '529.982.247-25',
    expires: '2026-12-04T10:00:00.000Z',
    security_code: null,
    verification_status: 'verified',
    min_value: 1,
    max_value: 500,
    min_purchase_value: 100,
    max_purchase_value: 1_000_000,
    refund_type: 'card',
    created_at: '2026-11-27T10:00:00.000Z',
  } satisfies CardView;
  expect(draftPaymentCard(card)).toEqual({
    _id: 'pc_1',
    token_id: 'pc_1',
    display_number: '•••• 0002',
    brand: 'visa',
    holder: 'MARIA',
    due_month: 12,
    due_year: 2031,
  });
});
