// The panel's sections as tabs (ARIA tabs: arrows move between them, the section follows): orders
// first; the store, the menu (its sold-out switches) and what the customers said for everyone;
// coupons, the Open Delivery credentials and the team for whoever may edit them (the owner). The chosen tab is kept in the address (#pedidos, #loja...), so a
// reload or a bookmark opens it again.
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { StaffPermission } from '../../src/domain/staff-permissions.ts';
import { t } from '../../src/i18n/index.ts';
import './i18n.ts';

export interface PanelTab {
  id: string;
  /** The address's fragment: 'pedidos'. */
  hash: string;
  label: string;
  /** What the member must be allowed to see it; always shown when absent. */
  needs?: StaffPermission;
  render: () => ReactNode;
}

export function PanelTabs({ tabs, permissions }: { tabs: PanelTab[]; permissions: readonly StaffPermission[] }) {
  const shown = tabs.filter((tab) => !tab.needs || permissions.includes(tab.needs));
  const fromHash = () => shown.find((tab) => `#${tab.hash}` === location.hash)?.id ?? shown[0]!.id;
  const [current, setCurrent] = useState(fromHash);
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  useEffect(() => {
    const onHash = () => setCurrent(fromHash());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  });

  const choose = (id: string, focus = false) => {
    setCurrent(id);
    history.replaceState(null, '', `#${shown.find((tab) => tab.id === id)!.hash}`);
    if (focus) buttons.current[id]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = shown.findIndex((tab) => tab.id === current);
    const to =
      event.key === 'ArrowRight' ? at + 1 : event.key === 'ArrowLeft' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? shown.length - 1 : null;
    if (to === null) return;
    event.preventDefault();
    choose(shown[(to + shown.length) % shown.length]!.id, true);
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t('board:tabs.label')} className="flex gap-1 overflow-x-auto border-b border-b-solid border-line" onKeyDown={onKeyDown}>
        {shown.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`aba-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={`painel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            className={`min-h-11 cursor-pointer whitespace-nowrap border-0 border-b-3 border-solid bg-transparent px-4 text-base font-semibold ${tab.id === current ? 'border-brand text-ink' : 'border-transparent text-muted'}`}
            onClick={() => choose(tab.id)}
            data-panel-tab={tab.id}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {shown.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`painel-${tab.id}`} aria-labelledby={`aba-${tab.id}`} hidden={tab.id !== current} data-panel-section={tab.id}>
          {/* The orders stay mounted (their bell rings from any tab); the others load when opened. */}
          {(tab.id === current || tab.id === 'orders') && tab.render()}
        </div>
      ))}
    </div>
  );
}
