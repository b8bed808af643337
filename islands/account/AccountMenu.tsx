// The account layout's side menu: one link per section, the current one marked (aria-current).
import { t } from '../../src/i18n/index.ts';
import type { AccountSection } from '../../src/schemas/island-props.ts';

const MENU: { section: AccountSection; path: string }[] = [
  { section: 'home', path: '' },
  { section: 'pedidos', path: '/pedidos' },
  { section: 'enderecos', path: '/enderecos' },
  { section: 'carteira', path: '/carteira' },
  { section: 'indicar', path: '/indicar' },
  { section: 'sugestoes', path: '/sugestoes' },
  { section: 'reportar', path: '/reportar' },
  { section: 'configuracoes', path: '/configuracoes' },
];

/** `active`: the section whose link is marked (an order's evaluation marks 'pedidos'). */
export function AccountMenu({ accountUrl, active }: { accountUrl: string; active: AccountSection }) {
  return (
    <nav
      aria-label={t('account:page.sideMenu')}
      className="min-w-0 rounded-xl border border-solid border-line bg-card p-2 md:sticky md:top-20"
      data-account-menu
    >
      <ul className="m-0 flex list-none flex-wrap gap-1 p-0 md:flex-col">
        {MENU.map((item) => (
          <li key={item.section}>
            <a
              href={`${accountUrl}${item.path}`}
              aria-current={item.section === active ? 'page' : undefined}
              className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm ${item.section === active ? 'bg-brand font-semibold text-onbrand' : 'text-ink hover:bg-surface'}`}
              data-account-menu-item={item.section}
            >
              {t(`account:sections.${item.section}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
