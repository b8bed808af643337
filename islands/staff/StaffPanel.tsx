// The establishment's panel after log in: who is logged in and where, the way out, and its tabs
// (../panel/PanelTabs.tsx), each shown to whoever may use it: the owner also has 'Cupons', 'Open
// Delivery' and 'Equipe'. Without a staff session the page goes to the log in.
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, call } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import type { StaffMeAnswer } from '../../src/schemas/api-staff.ts';
import type { StaffPanelProps } from '../../src/schemas/island-props.ts';
import { Button } from '../shared/Button.tsx';
import { FormAlert } from '../shared/Field.tsx';
import { failureText, panelPaths } from './staff-texts.ts';
import { TeamSection } from './TeamSection.tsx';
import OrderBoard from '../panel/OrderBoard.tsx';
import { PanelTabs } from '../panel/PanelTabs.tsx';
import { StoreTab } from '../panel/StoreSwitch.tsx';
import { TablesPanel } from '../panel/TablesPanel.tsx';
import { MenuPanel } from '../panel/MenuPanel.tsx';
import { CouponsPanel } from '../panel/CouponsPanel.tsx';
import { CustomerFeedback } from '../panel/CustomerFeedback.tsx';
import { OpenDeliveryPanel } from '../panel/OpenDeliveryPanel.tsx';

export default function StaffPanel({ establishmentId, slug, timeZone }: StaffPanelProps) {
  const [me, setMe] = useState<StaffMeAnswer | null>(null);
  const [alert, setAlert] = useState('');
  const [leaving, setLeaving] = useState(false);

  const toLogin = useCallback(() => window.location.replace(panelPaths.login(slug)), [slug]);

  useEffect(() => {
    call('GET /establishments/:id/staff/me', { params: { id: establishmentId } })
      .then(setMe)
      .catch((err: unknown) => {
        if (err instanceof ApiFailure && err.status === 401) toLogin();
        else setAlert(failureText(err));
      });
  }, [establishmentId, toLogin]);

  async function logout() {
    setLeaving(true);
    try {
      await call('POST /staff/logout', { body: { establishment_id: establishmentId } });
    } catch (err) {
      // A session already gone is logged out all the same.
      if (!(err instanceof ApiFailure && err.status === 401)) {
        setLeaving(false);
        setAlert(failureText(err));
        return;
      }
    }
    toLogin();
  }

  if (!me)
    return (
      <main id="conteudo" className="p-4">
        {alert ? (
          <FormAlert message={alert} />
        ) : (
          <p role="status" className="m-0 text-muted">
            {t('staff:page.loading')}
          </p>
        )}
      </main>
    );

  return (
    <div className="flex min-h-screen flex-col" data-staff-panel data-role={me.member.role}>
      <header className="flex flex-wrap items-center gap-3 border-b border-solid border-line bg-card px-4 py-3">
        <h1 className="m-0 text-lg font-bold text-ink">{me.establishment.name}</h1>
        <p className="m-0 text-sm text-muted" data-staff-who>
          {t('staff:page.loggedInAs', { name: me.member.name, role: t(`staff:roles.${me.member.role}`) })}
        </p>
        <Button variant="outline" size="small" className="ml-auto" loading={leaving} onClick={logout} data-staff-logout>
          {t('staff:page.logout')}
        </Button>
      </header>
      <FormAlert message={alert} />
      <main id="conteudo" className="flex flex-1 flex-col gap-6 p-4" data-panel-orders>
        <PanelTabs
          permissions={me.permissions}
          tabs={[
            {
              id: 'orders',
              hash: 'pedidos',
              label: t('board:tabs.orders'),
              needs: 'orders.read',
              render: () => (
                <OrderBoard
                  establishmentId={establishmentId}
                  establishmentName={me.establishment.name}
                  slug={slug}
                  canCloseTabs={me.permissions.includes('orders.move')}
                />
              ),
            },
            {
              id: 'store',
              hash: 'loja',
              label: t('board:tabs.store'),
              needs: 'store.open_close',
              render: () => <StoreTab establishmentId={establishmentId} canEditSettings={me.permissions.includes('settings.edit')} />,
            },
            {
              id: 'menu',
              hash: 'cardapio',
              label: t('board:tabs.menu'),
              render: () => (
                <MenuPanel
                  establishmentId={establishmentId}
                  canEdit={me.permissions.includes('menu.edit')}
                  canMarkSoldOut={me.permissions.includes('availability.edit')}
                />
              ),
            },
            {
              id: 'tables',
              hash: 'mesas',
              label: t('board:tabs.tables'),
              needs: 'tables.read',
              render: () => (
                <TablesPanel establishmentId={establishmentId} storeName={me.establishment.name} canEdit={me.permissions.includes('tables.edit')} />
              ),
            },
            {
              id: 'coupons',
              hash: 'cupons',
              label: t('board:tabs.coupons'),
              needs: 'coupons.edit',
              render: () => <CouponsPanel establishmentId={establishmentId} />,
            },
            {
              id: 'customers',
              hash: 'clientes',
              label: t('board:tabs.customers'),
              needs: 'feedback.read',
              render: () => <CustomerFeedback establishmentId={establishmentId} timeZone={timeZone} />,
            },
            {
              id: 'open-delivery',
              hash: 'open-delivery',
              label: t('board:tabs.openDelivery'),
              needs: 'open_delivery.manage',
              render: () => <OpenDeliveryPanel establishmentId={establishmentId} timeZone={timeZone} />,
            },
            {
              id: 'team',
              hash: 'equipe',
              label: t('board:tabs.team'),
              needs: 'staff.manage',
              render: () => <TeamSection establishmentId={establishmentId} selfId={me.member._id} timeZone={timeZone} />,
            },
          ]}
        />
      </main>
    </div>
  );
}
