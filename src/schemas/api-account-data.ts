// The customer's copy of their data (LGPD art. 18 II and V; docs/privacy.md; docs/api.md
// 'GET /api/users/me/export'): one JSON document with everything the storefront keeps about the
// account, in the API's own shapes. Card data goes no further than brand and last digits; secrets
// (password hash, session tokens, one-time codes) never appear, since only their hashes are kept.
import type { UserView } from './api-accounts.ts';
import type { SavedAddressView } from './api-geo.ts';
import type { EvaluationView, OrderView } from './api-orders.ts';

/** Names the document's shape, so a reader can tell a later version apart. */
export const ACCOUNT_EXPORT_FORMAT = 'vitrine-account-export/1';

export interface AccountExport {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  exported_at: string;
  /** Who decides about the data (the controller): the company whose establishments the account belongs to. */
  controller: { company: string };
  profile: UserView & {
    created_at: string;
    updated_at: string;
    /** The code the customer shares to refer others, null until first shown. */
    referral_code: string | null;
    /** Whether the customer came through someone's referral (who is the other person's data). */
    referred: boolean;
  };
  verification: {
    phone_verified: boolean;
    email_verified: boolean;
    /** Every code sent to prove the phone or e-mail: where and when (the code itself is not kept). */
    codes_sent: { channel: 'phone' | 'email'; target: string; sent_at: string; used_at: string | null }[];
  };
  /** What the customer chose to receive. No cookie other than the session's is set, so no cookie choice exists. */
  consents: {
    whatsapp_order_updates: { establishment: string; order: number; order_id: string }[];
  };
  addresses: SavedAddressView[];
  orders: (OrderView & { establishment: { slug: string; name: string } })[];
  /** Store credit in centavos: the balance and every movement, oldest first. */
  credits: {
    balance: number;
    entries: { _id: string; amount: number; reason: string; note: string | null; order_id: string | null; created_at: string }[];
  };
  /** The evaluations the customer sent, one per evaluated order. */
  evaluations: ({ establishment: string; order: number; order_id: string } & EvaluationView)[];
  /** Problem reports and suggestions the customer wrote. */
  feedback: { _id: string; establishment: string; kind: string; topic: string | null; order_id: string | null; message: string; created_at: string }[];
  /** Saved cards: brand and last digits only. */
  saved_cards: { brand: string; last4: string; verification_status: string; created_at: string }[];
  /** Where the account is logged in now. */
  sessions: { establishment: string; created_at: string; expires_at: string }[];
}

/** DELETE /users/me answers 204; these are the codes its refusals carry (docs/api.md 'DELETE /api/users/me'). */
export type AccountDeletionRefusal = 'wrong_password' | 'open_orders' | 'payments_pending' | 'credits_would_be_lost' | 'too_many_attempts';
