// Ordering at the table, the entry script's part (kept tiny: it runs on every catalogue page):
// when the address carries a QR code's fragment (`#mesa=7&chave=<key>`), or a table is kept for
// this establishment in the tab's session storage, the table's module is loaded lazily
// (./table-mode.ts: it keeps the fragment, takes it off the address bar and shows 'Mesa 7' as it
// loads). A storage the browser refuses throws here, reported by runInTurns (./in-turns.ts); the
// page then stays the store's as it is.
export function startTable(): void {
  if (location.hash.includes('mesa=') || sessionStorage.getItem(`table:${document.documentElement.dataset.store}`)) void import('./table-mode.ts');
}
