// The table a customer scanned (docs/decisions-product.md 'Ordering at the table'): the QR code's
// fragment (`#mesa=7&chave=<key>`), kept in the tab's session storage per establishment when the
// store is opened from it (src/page-scripts/table-mode.ts), read by the banner and the checkout.
// It lasts as long as the browser tab, and 'Sair da mesa' forgets it.
import { tableFromFragment, type TableRef } from '../domain/tables.ts';

/** The session storage key of an establishment's table (src/page-scripts/table-boot.ts reads the same). */
export const tableStorageKey = (establishmentId: string) => `table:${establishmentId}`;

/** The table kept for the establishment, or null (none, malformed, or storage refused). */
export function currentTable(establishmentId: string): TableRef | null {
  try {
    const raw = sessionStorage.getItem(tableStorageKey(establishmentId));
    return raw ? tableFromFragment(raw) : null;
  } catch {
    return null;
  }
}

/** Keeps the fragment a QR code opened the store with, for the tab's life. */
export function keepTable(establishmentId: string, fragment: string): void {
  try {
    sessionStorage.setItem(tableStorageKey(establishmentId), fragment);
  } catch {
    // Storage refused: the table is shown for this page only.
  }
}

/** Forgets the establishment's table ('Sair da mesa'). */
export function leaveTable(establishmentId: string): void {
  try {
    sessionStorage.removeItem(tableStorageKey(establishmentId));
  } catch {
    // Storage refused: nothing was kept either.
  }
}
