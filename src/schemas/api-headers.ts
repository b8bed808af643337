// The headers every storefront call carries: the API refuses a call without them
// (400 invalid_client_type / invalid_api_version), and, as no cross-site form or script can send
// them, they double as the CSRF guard (docs/api.md 'Sessions'). One constant for the server's check,
// the browser's calls, the command line and the tests.

export const CLIENT_TYPE = 'client_web';
export const API_VERSION = '4';

export const API_HEADERS = { 'Client-Type': CLIENT_TYPE, 'Api-Version': API_VERSION } as const;

/** Names the establishment whose session cookie a user-scoped call uses (docs/api.md 'Sessions'). */
export const ESTABLISHMENT_HEADER = 'Establishment-Id';
/** The order's idempotency key (spec section 7, decisions #22); the IETF name Idempotency-Key is accepted too. */
export const IDEMPOTENCY_HEADER = 'Idempotent-Key';

/**
 * `Caller: staff` says the call acts as the establishment through a staff session (the panel's
 * cookie), not as a customer: one browser may hold both, and the same routes answer each differently.
 */
export const CALLER_HEADER = 'Caller';
export const STAFF_CALLER = 'staff';
