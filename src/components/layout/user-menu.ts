// The user menu's entries, the same six in the desktop dropdown and the mobile burger;
// 'Sair' is a button that asks first. src/client/account-boot.ts builds the menus only for
// a logged-in customer, with the labels from src/client/texts.ts: visitors never download them
// (docs/benchmarks.md).

/** Key (data-user-menu-item), i18n key of the label, path under the account area (none: the logout button). */
export const USER_MENU: readonly { key: string; label: string; path?: string }[] = [
  { key: 'dados', label: 'account:menu.profile', path: '' },
  { key: 'pedidos', label: 'account:menu.orders', path: '/pedidos' },
  { key: 'enderecos', label: 'account:menu.addresses', path: '/enderecos' },
  { key: 'carteira', label: 'account:menu.wallet', path: '/carteira' },
  { key: 'configuracoes', label: 'account:menu.settings', path: '/configuracoes' },
  { key: 'sair', label: 'account:menu.logout' },
];
