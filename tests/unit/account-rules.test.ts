// The account form's rules (islands/account/rules.ts) are the API's: the same limits and e-mail
// pattern as the arktype schemas (src/schemas/account-fields.ts), and the birthday judged on the
// establishment's calendar by the function PUT /users/me calls (src/domain/birthday.ts).
import { type } from 'arktype';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { birthdayError, birthdayToIso, emailError, nameError, passwordError } from '../../islands/account/rules.ts';
import { checkBirthday } from '../../src/domain/birthday.ts';
import { Temporal } from '../../src/domain/time.ts';
import { t } from '../../src/i18n/index.ts';
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../../src/schemas/account-fields.ts';
import { ProfileBody, RegisterBody } from '../../src/schemas/api-accounts.ts';

const SP = 'America/Sao_Paulo';
const TOKYO = 'Asia/Tokyo';
/** 22:30 on Sunday 9 March 2025 in São Paulo; already 10:30 on Monday 10 March in Tokyo. */
const LATE_SUNDAY = Temporal.Instant.from('2025-03-10T01:30:00Z');

/** Whether the API's profile schema takes a field's value. */
const apiTakes = (body: Record<string, unknown>) => !(ProfileBody(body) instanceof type.errors);

describe('the birthday is judged on the establishment calendar [R-5.97]', () => {
  it('refuses tomorrow in São Paulo even where the browser has already reached that day', () => {
    expect(birthdayToIso('10/03/2025', SP, LATE_SUNDAY)).toBeNull();
    expect(birthdayError('10/03/2025', SP, LATE_SUNDAY)).toBe('birthday_invalid');
    expect(birthdayToIso('09/03/2025', SP, LATE_SUNDAY)).toBe('2025-03-09');
    // The same instant on a Tokyo establishment's calendar is already the 10th.
    expect(birthdayToIso('10/03/2025', TOKYO, LATE_SUNDAY)).toBe('2025-03-10');
  });

  it('takes exactly what the API takes: the form and PUT /users/me call one function', () => {
    expect(checkBirthday('2025-03-10', LATE_SUNDAY, SP)).toEqual({ ok: false, reason: 'future' });
    expect(checkBirthday('2025-03-09', LATE_SUNDAY, SP)).toEqual({ ok: true, value: '2025-03-09' });
    expect(checkBirthday('1899-12-31', LATE_SUNDAY, SP)).toEqual({ ok: false, reason: 'before_min' });
    expect(checkBirthday('2000-02-30', LATE_SUNDAY, SP)).toEqual({ ok: false, reason: 'not_a_date' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1880-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }), (day) => {
        const iso = day.toISOString().slice(0, 10);
        const typed = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
        expect(birthdayToIso(typed, SP, LATE_SUNDAY)).toBe(checkBirthday(iso, LATE_SUNDAY, SP).ok ? iso : null);
      }),
    );
  });

  it('refuses what is not dd/mm/aaaa, and asks for an empty one', () => {
    expect(birthdayError('', SP, LATE_SUNDAY)).toBe('birthday_required');
    expect(birthdayError('1990-03-15', SP, LATE_SUNDAY)).toBe('birthday_invalid');
    expect(birthdayError('31/02/2000', SP, LATE_SUNDAY)).toBe('birthday_invalid');
  });
});

describe('the form limits are the API schema limits', () => {
  it('takes a name of 4 to 200 characters after trimming, like the API [R-5.93]', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 210 }), (name) => {
        expect(nameError(name) === null).toBe(apiTakes({ name }));
      }),
    );
    expect(nameError('   abcd ')).toBeNull();
    expect(nameError('a'.repeat(NAME_MAX + 1))).toBe('name_length');
  });

  it('takes a password of 4 to 10 characters, like the API [R-5.94]', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 14 }), (password) => {
        expect(passwordError(password) === null).toBe(apiTakes({ password, password_confirmation: password }));
      }),
    );
  });

  it('takes the e-mail addresses the API takes', () => {
    const registers = (email: string) =>
      !(RegisterBody({ establishment_id: 'e1', name: 'Maria Silva', email, phone: '11987654321', password: 'segr3do' }) instanceof type.errors);
    for (const email of [
      'maria@example.com',
      ' Maria.Souza+loja@Example.COM.br ',
      'a@b',
      'a@b.c',
      'josé@example.com',
      'maria@@example.com',
      'sem-arroba',
      'a b@example.com',
    ]) {
      expect(emailError(email) === null, email).toBe(registers(email));
    }
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(emailError(email) === null, email).toBe(registers(email));
      }),
    );
  });

  it('says the limits it checks, in the messages and the password hint', () => {
    expect(t('account:errors.name_length')).toContain(`de ${NAME_MIN} a ${NAME_MAX} caracteres`);
    expect(t('account:errors.password_length')).toContain(`de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres`);
    expect(t('account:auth.passwordHint')).toBe(`De ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres`);
  });
});
