// The staff fields' limits, declared once for the API's schemas (./api-staff.ts) and the panel's
// form checks (islands/staff). Plain values, no arktype: the panel's islands import them without
// loading the schema library. A staff password is longer than a customer's (8 to 100 characters):
// a staff session moves orders and refunds for a whole store.
export const STAFF_PASSWORD_MIN = 8;
export const STAFF_PASSWORD_MAX = 100;
export const STAFF_NAME_MIN = 2;
