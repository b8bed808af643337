// Where each group of refusal codes (src/schemas/refusal-codes.ts) has its words, and the check,
// made by the type checker, that the two agree: every code of a group has a message in each of its
// places, and every message of those places names a code (or is one of the few texts declared
// below as no code: a form's own checks, a generic line). `tsc` fails on either, naming the code.
// Types and a small map only: nothing here pulls a namespace into a page's script. It lives with
// the islands, which turn codes into messages (call-failure.ts), a layer that may see both the
// declarations (src/schemas) and the locale files (src/i18n).
import type { CardProblemCode } from '../../src/domain/card.ts';
import type { PhoneProblemCode } from '../../src/domain/phone.ts';
import type { TaxIdErrorCode } from '../../src/domain/tax-id.ts';
import type { RefusalCode, RefusalCodeOf, RefusalGroup, SPEC_ONLY_ORDER_REFUSALS } from '../../src/schemas/refusal-codes.ts';
import type { Catalogue, LeafPaths, Namespace } from '../../src/i18n/keys.ts';

/** The places of the locale files that hold refusal messages: 'namespace:object.path', each an object of code -> text. */
export type MessagePlace =
  | 'refusals:api'
  | 'account:errors'
  | 'cards:errors'
  | 'feedback:errors'
  | 'checkout:errors'
  | 'checkout:problems'
  | 'checkout:coupon.refusals'
  | 'establishment:refusals'
  | 'staff:refusals'
  | 'board:openDelivery.refusals'
  | 'board:tables.refusals';

/**
 * Where each group's codes are said. A group may be said in two places: a coupon refused by the
 * check is said in the coupon box, the same refusal of a send in the checkout's toast.
 */
export const REFUSAL_MESSAGES = {
  request: ['refusals:api'],
  storefront: ['refusals:api'],
  account: ['account:errors'],
  cards: ['cards:errors'],
  feedback: ['feedback:errors'],
  couponCheck: ['checkout:coupon.refusals', 'checkout:errors'],
  submitProblems: ['checkout:problems'],
  orderSend: ['checkout:errors'],
  establishment: ['establishment:refusals'],
  staff: ['staff:refusals'],
  odCredentials: ['board:openDelivery.refusals'],
  tables: ['board:tables.refusals'],
} as const satisfies Record<RefusalGroup, readonly MessagePlace[]>;

/** The texts of each place that are no refusal code: the generic lines, and the forms' own checks (made in the browser too). */
export interface NotCodes {
  'refusals:api': never;
  'account:errors':
    | CardProblemCode
    | PhoneProblemCode
    | TaxIdErrorCode
    | 'sms_code_wrong'
    | 'network_error'
    | 'unknown_error'
    | 'required'
    | 'invalid'
    | 'login_required'
    | 'login_invalid'
    | 'password_required'
    | 'password_length'
    | 'password_mismatch'
    | 'name_length'
    | 'email_invalid'
    | 'birthday_required'
    | 'birthday_invalid'
    | 'gender_required';
  'cards:errors': CardProblemCode | 'unknown_brand' | 'holder_too_long';
  'feedback:errors': 'topic_required' | 'required' | 'message_too_short' | 'message_too_long' | 'failed';
  'checkout:errors': 'forbidden' | 'conflict' | 'network_error' | 'generic' | (typeof SPEC_ONLY_ORDER_REFUSALS)[number];
  /** The reasons of a schedule_invalid, and the check that names the product refusing the schedule. */
  'checkout:problems': 'schedule_past' | 'schedule_too_early' | 'schedule_date_required' | 'schedule_refused';
  'checkout:coupon.refusals': 'network_error' | 'failed';
  'establishment:refusals': never;
  'staff:refusals': never;
  'board:openDelivery.refusals': never;
  'board:tables.refusals': never;
}

/** The object at a dotted path of a JSON object. */
type At<T, P extends string> = P extends `${infer H}.${infer R}` ? (H extends keyof T ? At<T[H], R> : never) : P extends keyof T ? T[P] : never;
/** The codes (keys) a place has texts for. */
export type CodesAt<P extends MessagePlace> = P extends `${infer N extends Namespace}:${infer Path}` ? LeafPaths<At<Catalogue[N], Path>> : never;

/**
 * Each code of a group without its text in one of the group's places: `Codes` is each group's codes,
 * `PlacesOf` each group's places, `TextsAt` each place's keys. Generic, so a test can prove it on a
 * catalogue of its own (tests/unit/refusal-messages.test.ts).
 */
export type WithoutMessage<Codes extends Record<string, string>, PlacesOf extends { [G in keyof Codes]: readonly (keyof TextsAt)[] }, TextsAt> = {
  [G in keyof Codes]: { [I in keyof PlacesOf[G] & `${number}`]: Exclude<Codes[G], TextsAt[PlacesOf[G][I] & keyof TextsAt]> }[keyof PlacesOf[G] & `${number}`];
}[keyof Codes];
/** Each text of a place that names neither a code nor one of the place's declared other texts. */
export type WithoutCode<TextsAt, AllCodes extends string, Others extends { [P in keyof TextsAt]: string }> = {
  [P in keyof TextsAt]: Exclude<TextsAt[P], AllCodes | Others[P]>;
}[keyof TextsAt];
/** Accepts only `never`: the compiler's error names what is left. */
export type Nothing<T extends never> = T;

type Codes = { [G in RefusalGroup]: RefusalCodeOf<G> };
type TextsAt = { [P in MessagePlace]: CodesAt<P> };

/** Fails to compile, naming the code, when a code has no message: write it in the group's place. */
export type EveryCodeHasAMessage = Nothing<WithoutMessage<Codes, typeof REFUSAL_MESSAGES, TextsAt>>;
/** Fails to compile, naming the text, when a message names no code: remove it, or declare it in NotCodes. */
export type EveryMessageHasACode = Nothing<WithoutCode<TextsAt, RefusalCode, NotCodes>>;
