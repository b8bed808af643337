// The one error policy for every call an island makes (decisions #4, spec section 8 'Global
// handling'): each island names what its call is to the screen (CallPolicy) and hands any failure
// here; this module decides what the customer sees and logs it.
//
// In order:
// 1. an aborted call (the island moved on) is nothing;
// 2. a 401 'unauthorized' ended the session: src/client/session.ts has already cleared it and
//    left for the account page; the island only stops;
// 3. the call's own entries of the error catalogue (send order [R-8.1..R-8.24], address save
//    cancel order ...) are shown as a toast;
// 4. the silent cases of section 8 show nothing: the messages establishment_unavailable,
//    no_delivery_tax_found, coupon_expired, payment_not_done, validation_not_found, unknown_token,
//    'Pix não encontrado!' (our API's pix_not_found), '"tax_id" is not allowed to be empty', the
//    statuses 409 and 400, and the calls the spec names (coupon check, achievements, card
//    verification, phone code) [R-8.70..R-8.79];
// 5. the data a page cannot show without (its 'required' call) goes to the error page;
//    offline, where that page could not load either, the customer is told so instead;
// 6. a call made for the customer without being asked (a poll, a prefetch) is only logged;
//    so is one whose failure the island shows where the customer is looking ('in_place': a
//    dialog's or a list's own 'could not load' with its retry button), which a toast would repeat;
// 7. anything else the customer asked for gets the message of the API code (refusals:api.<code>,
//    every code src/schemas/refusal-codes.ts declares for any call or the storefront's own calls),
//    else the call's own failure message, else the generic one, as a toast.
// Every failure but an aborted call is logged (console.error), shown or not. The island then
// settles its own state (a spinner stops, a retry appears) from the outcome returned.
//
// It lives with the islands, not in src/client: it speaks to the customer through t(), whose
// namespaces the catalogue pages' own scripts must not carry.
import { ApiFailure, endsSession } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { hasKey, registerNamespace, t, type MessageKey, type TOptions } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';

/** What a call is to the screen that makes it. */
export type CallRole =
  /** The data a page cannot show without (the order of the order page, 'Meus dados'): a failure goes to the error page. */
  | 'required'
  /** Something the customer asked for (save, delete, cancel, search): a failure gets a message. */
  | 'action'
  /** What a dialog or a list shows, whose failure the island shows there itself with a retry: only logged. */
  | 'in_place'
  /** Made for the customer without being asked (a poll, a prefetch, the suggestions): a failure is only logged. */
  | 'background';

/** A message of the locale files: its key, with parameters. */
export type Message = { key: MessageKey; params?: TOptions };

export interface CallPolicy {
  /** How the call shows in the log, e.g. 'POST /users/me/addresses'. */
  call: string;
  role: CallRole;
  /** One of the calls section 8 names as silent (coupon check, achievements, card verification, phone code) [R-8.80..R-8.83]. */
  silentCall?: boolean;
  /** The call's own entries of the error catalogue: a message for this failure, or null when the call has none for it. */
  catalogue?: (failure: ApiFailure) => Message | null;
  /** What an action's failure says when neither its catalogue nor the API code has a message (default: errors:api.generic). */
  fallback?: Message;
}

/** The messages section 8 keeps silent, as the API sends them. */
export const SILENT_MESSAGES: ReadonlySet<string> = new Set([
  'establishment_unavailable',
  'no_delivery_tax_found',
  'coupon_expired',
  'payment_not_done',
  'validation_not_found',
  'unknown_token',
  'Pix não encontrado!',
  // The same case as our API names it (GET /orders/{id}/pix without a charge).
  'pix_not_found',
  '"tax_id" is not allowed to be empty',
]);

/** The statuses section 8 keeps silent: the call's own screen says what went wrong, or nothing needs saying. */
export const SILENT_STATUSES: ReadonlySet<number> = new Set([400, 409]);

export type FailureOutcome =
  | { kind: 'aborted' }
  | { kind: 'session_ended' }
  | { kind: 'toast'; message: Message }
  | { kind: 'silent' }
  | { kind: 'error_page' }
  | { kind: 'logged' };

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Anything thrown, as the API failure it stands for: a script error counts as an unexpected failure (status -1). */
export function asFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  return new ApiFailure(-1, 'unexpected_error');
}

/** Whether section 8 keeps this failure of this call silent [R-8.70..R-8.83]. */
export function isSilent(failure: Pick<ApiFailure, 'status' | 'code'>, policy: Pick<CallPolicy, 'silentCall'>): boolean {
  return policy.silentCall === true || SILENT_MESSAGES.has(failure.code) || SILENT_STATUSES.has(failure.status);
}

/** The message of an API code (refusals:api.<code>, once loadRefusalTexts has run), the call's own, else the generic one. */
function messageFor(failure: ApiFailure, policy: CallPolicy): Message {
  if (failure.status === 0) return { key: 'errors:api.network_error' };
  const byCode = `refusals:api.${failure.code}`;
  if (failure.status > 0 && /^[a-z_]+$/.test(failure.code) && hasKey(byCode)) return { key: byCode };
  return policy.fallback ?? { key: 'errors:api.generic' };
}

/**
 * What the customer sees of a failed call (see the top of the file); pure, so the rules are tested on their own.
 * Example: `failureOutcome(new ApiFailure(409, 'write_conflict'), { call: 'x', role: 'action' }).kind === 'silent'`
 */
export function failureOutcome(error: unknown, policy: CallPolicy): FailureOutcome {
  if (isAbort(error)) return { kind: 'aborted' };
  const failure = asFailure(error);
  if (endsSession(failure)) return { kind: 'session_ended' };
  const own = policy.catalogue?.(failure) ?? null;
  if (own) return { kind: 'toast', message: own };
  if (isSilent(failure, policy)) return { kind: 'silent' };
  if (policy.role === 'background' || policy.role === 'in_place') return { kind: 'logged' };
  if (policy.role === 'required' && failure.status !== 0) return { kind: 'error_page' };
  return { kind: 'toast', message: messageFor(failure, policy) };
}

let refusalTexts: Promise<void> | undefined;

/**
 * Registers the refusals' texts (src/i18n/locales/pt-BR/refusals.json), fetched with the first
 * failure to show: a page whose calls never fail does not carry them. Never rejects; a chunk that
 * did not load is asked for again next time, and meanwhile the generic message is shown.
 */
export function loadRefusalTexts(): Promise<void> {
  refusalTexts ??= import('../../src/i18n/locales/pt-BR/refusals.json').then(
    (texts) => registerNamespace('refusals', texts.default),
    () => {
      refusalTexts = undefined;
    },
  );
  return refusalTexts;
}

/** The error page, with the way back to this page ('Tentar novamente'). */
export function errorPageUrl(here: string): string {
  return `${routes.error()}?from=${encodeURIComponent(here)}`;
}

/**
 * Applies the policy to a failed call: logs it, shows its message, or leaves for the error page;
 * returns the outcome so the island can settle its own state (stop a spinner, offer a retry).
 */
export function reportFailure(error: unknown, policy: CallPolicy): FailureOutcome {
  const outcome = failureOutcome(error, policy);
  if (outcome.kind === 'aborted') return outcome;
  const failure = asFailure(error);
  const line = `[${policy.call}] ${failure.status} ${failure.code} (${outcome.kind})`;
  // A script error (not an API answer) is logged with its stack.
  if (error instanceof ApiFailure) console.error(line);
  else console.error(line, error);
  if (outcome.kind === 'toast') {
    // The code's message is known once the refusals' texts are in: the outcome is decided again then.
    void loadRefusalTexts().then(() => {
      const shown = failureOutcome(error, policy);
      if (shown.kind === 'toast') toast(t(shown.message.key, shown.message.params), { kind: 'error' });
    });
  } else if (outcome.kind === 'error_page') location.assign(errorPageUrl(location.pathname + location.search));
  return outcome;
}
