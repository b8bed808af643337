// The account fields' limits, declared once for the API's schemas (./api-accounts.ts) and the
// browser's form checks (islands/account/rules.ts). Plain values, no arktype: the account islands
// import them without loading the schema library.

/** Profile name: 4 to 200 characters after trimming [R-5.93] (decisions 'Name and password limits'). */
export const NAME_MIN = 4;
export const NAME_MAX = 200;
/** Password: 4 to 10 characters. */
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 10;
/** The longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** An e-mail address as the API takes it (arktype's string.email, written out so the form uses the same one). */
export const EMAIL_PATTERN = /^[\w%+.-]+@[\d.A-Za-z-]+\.[A-Za-z]{2,}$/;

export const GENDERS = ['female', 'male', 'other', 'not_informed'] as const;
export type Gender = (typeof GENDERS)[number];
