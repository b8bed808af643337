// The user menu's entries, the same six in the desktop dropdown and the mobile burger;
// 'Sair' is a button that asks first. src/page-scripts/account-boot.ts builds the menus only for
// a logged-in customer, with the labels from src/page-scripts/texts.ts: visitors never download them
// (docs/benchmarks.md).

/** Key (data-user-menu-item), its label's name under account:menu in the locale, path under the account area (none: the logout button). */
export const USER_MENU: readonly { key: string; label: 'profile' | 'orders' | 'addresses' | 'wallet' | 'settings' | 'logout'; path?: string }[] = [
  { key: 'dados', label: 'profile', path: '' },
  { key: 'pedidos', label: 'orders', path: '/pedidos' },
  { key: 'enderecos', label: 'addresses', path: '/enderecos' },
  { key: 'carteira', label: 'wallet', path: '/carteira' },
  { key: 'configuracoes', label: 'settings', path: '/configuracoes' },
  { key: 'sair', label: 'logout' },
];
