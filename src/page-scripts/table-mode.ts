// Ordering at the table, the lazy part (loaded by ./table-boot.ts when the address carries a QR
// code's fragment or a table is kept for this establishment): the fragment is kept in the tab's
// session storage for this establishment (src/client/table.ts reads it) and taken off the address
// bar, so a shared link or a screenshot does not carry the key; then a banner at the top of the page, 'Mesa 7 · Seu pedido será servido na mesa ·
// Sair da mesa', and <html data-table="7"> for the styles. 'Sair da mesa' forgets the table; the
// checkout then offers every delivery type again. A malformed fragment is forgotten at once.
import { currentTable, keepTable, leaveTable } from '../client/table.ts';
import { interpolate } from '../i18n/interpolate.ts';
import layout from '../i18n/locales/pt-BR/layout.json';

function showTable(): void {
  const root = document.documentElement;
  const storeId = root.dataset.store ?? '';
  if (location.hash.includes('mesa=')) {
    keepTable(storeId, location.hash);
    history.replaceState(history.state, '', location.pathname + location.search);
  }
  const table = currentTable(storeId);
  if (!table) {
    leaveTable(storeId);
    return;
  }
  const texts = layout.table;
  root.dataset.table = String(table.number);
  const bar = document.createElement('div');
  bar.dataset.tableBanner = '';
  bar.setAttribute('role', 'status');
  bar.className = 'mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-solid border-line bg-surface px-3 py-2 text-sm';
  const name = document.createElement('strong');
  name.textContent = interpolate(texts.banner, { number: table.number });
  const hint = document.createElement('span');
  hint.className = 'text-muted';
  hint.textContent = texts.hint;
  const leave = document.createElement('a');
  leave.href = location.pathname;
  leave.className = 'ml-auto font-semibold text-brand underline';
  leave.textContent = texts.leave;
  leave.addEventListener('click', (e) => {
    e.preventDefault();
    leaveTable(storeId);
    delete root.dataset.table;
    bar.remove();
  });
  bar.append(name, hint, leave);
  document.getElementById('conteudo')?.prepend(bar);
}

// Loaded by ./table-boot.ts only when there is a table to show: it shows it as it loads.
showTable();
