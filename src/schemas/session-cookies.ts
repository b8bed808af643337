// The session's cookies (docs/architecture.md 'Sessions'): the HttpOnly token sid_<establishmentId>
// and the script-readable hint sf_auth_<establishmentId>=1 that carries no secret. The API sets
// them, the account page reads the hint to paint the likely view, the browser reads it to skip
// /users/me for visitors and drops it on a 401.

export const sessionCookieName = (establishmentId: string): string => `sid_${establishmentId}`;
export const hintCookieName = (establishmentId: string): string => `sf_auth_${establishmentId}`;

/** The staff session's HttpOnly cookie for the establishment's panel: a name of its own, never a customer's sid_. */
export const staffCookieName = (establishmentId: string): string => `staff_sid_${establishmentId}`;
