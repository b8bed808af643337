// How many one-time codes may be sent, beyond the 3 per phone or address per 15 minutes of
// decisions.md 'One-time codes': per account, per client address and in all, for SMS and e-mail
// each (src/server/services/contact-verification.ts counts them with the shared limiter). Read from
// the environment once, with defaults that a customer proving a phone and an address never meets;
// README.md 'Configuration' lists each variable.
import type { CodeChannel } from './db/verification-codes-repo.ts';

export interface CodeSendBudgets {
  /** Codes one account may have sent per channel per hour and per day. */
  perAccountHour: number;
  perAccountDay: number;
  /** Distinct phones (or addresses) one account may send codes to per day. */
  destinationsPerAccountDay: number;
  /** Codes asked for from one client address per channel per hour, whatever the account. */
  perAddressHour: number;
  /** Codes one phone or address may receive per day, whoever asks. */
  perDestinationDay: number;
  /** Codes the whole server may send per minute, per channel: the ceiling on what an attack costs. */
  perMinute: Record<CodeChannel, number>;
}

function count(name: string, fallback: number): number {
  const text = (process.env[name] ?? '').trim();
  if (text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}=${text}: a whole number of at least 1`);
  return n;
}

export const codeSendBudgets: CodeSendBudgets = {
  perAccountHour: count('CODE_SENDS_PER_ACCOUNT_HOUR', 5),
  perAccountDay: count('CODE_SENDS_PER_ACCOUNT_DAY', 10),
  destinationsPerAccountDay: count('CODE_DESTINATIONS_PER_ACCOUNT_DAY', 3),
  perAddressHour: count('CODE_SENDS_PER_ADDRESS_HOUR', 20),
  perDestinationDay: count('CODE_SENDS_PER_DESTINATION_DAY', 10),
  perMinute: { phone: count('SMS_CODES_PER_MINUTE', 60), email: count('EMAIL_CODES_PER_MINUTE', 120) },
};
