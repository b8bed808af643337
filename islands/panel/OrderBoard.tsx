// The establishment's order screen (issue 'The establishment's side'): the orders by state in
// columns (side by side on a tablet or a desktop, swiped on a phone), a bell that rings while an
// order waits to be accepted, even in a background tab, the actions of each order, the kitchen
// ticket, the kitchen's load per slot (./SlotLoadStrip.tsx), and the day's totals. Its data:
// ./useOrderBoard.ts; its rules: src/domain/panel-board.ts.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { BOARD_COLUMNS, type BoardColumn, boardColumnOf, isRinging } from '../../src/domain/panel-board.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { statusLabel } from '../order/OrderStatus.tsx';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';
import { DayTotalsView } from './DayTotalsView.tsx';
import { KitchenTicket } from './KitchenTicket.tsx';
import { OrderCard } from './OrderCard.tsx';
import { boardOrder } from './order-texts.ts';
import { createRinger, notifyHidden } from './ringer.ts';
import { useDeviceSettings } from './useDeviceSettings.ts';
import { type MoveTo, useOrderBoard } from './useOrderBoard.ts';
import { BoardToolbar } from './BoardToolbar.tsx';
import { SlotLoadStrip } from './SlotLoadStrip.tsx';
import { OpenTabs } from './OpenTabs.tsx';
import './i18n.ts';

/** A finished order's card has no move and no cancel (one function, so its card is not drawn again for a new one). */
const nothing = () => undefined;

/** Columns always shown; the others only when they hold an order. */
const ALWAYS: ReadonlySet<BoardColumn> = new Set(['new', 'kitchen', 'ready']);

export default function OrderBoard({
  establishmentId,
  establishmentName,
  slug,
  canCloseTabs = true,
}: {
  establishmentId: string;
  establishmentName: string;
  slug: string;
  /** Whether the member may close a table's tab (orders.move). */
  canCloseTabs?: boolean;
}) {
  const ringer = useRef(createRinger());
  const [soundOn, setSoundOn] = useState(false);
  const [settings, changeSettings] = useDeviceSettings(establishmentId);
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<OrderView | null>(null);
  const [printing, setPrinting] = useState<OrderView | null>(null);
  const autoRef = useRef(settings);
  autoRef.current = settings;

  const { board, failed, nowMs, move, closeTab } = useOrderBoard(establishmentId, slug, (fresh) => onNewOrders(fresh));

  const act = useCallback(
    async (order: OrderView, to: MoveTo, reason?: string) => {
      setBusy(order._id);
      try {
        const moved = await move(order, to, reason);
        toast(t('board:actions.moved', { number: order.order, step: statusLabel(moved) }), { kind: 'success' });
        if (to === 'confirmed' && autoRef.current.autoPrint) setPrinting(moved);
        return true;
      } catch (err) {
        reportFailure(err, {
          call: 'PUT /establishments/:id/orders/:orderId/status',
          role: 'action',
          fallback: { key: 'board:actions.failed', params: { number: order.order } },
        });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [move],
  );
  // Stable, so that a card whose order did not change is not drawn again (OrderCard is memoized):
  // with hundreds of open orders, an order told by the socket redraws its own card only.
  const moveCard = useCallback((o: OrderView, to: MoveTo) => void act(o, to), [act]);

  function onNewOrders(fresh: OrderView[]) {
    const waiting = fresh.filter((o) => isRinging(boardOrder(o)));
    if (waiting.length === 0) return;
    notifyHidden(
      t('board:board.newOrdersTitle', { count: waiting.length }),
      waiting.map((o) => t('board:board.newOrderNotice', { number: o.order })).join(', '),
      'pedidos-novos',
    );
    if (autoRef.current.autoAccept) for (const order of waiting) void act(order, 'confirmed');
  }

  const columns = useMemo(() => {
    const by = new Map<BoardColumn, OrderView[]>(BOARD_COLUMNS.map((c) => [c, []]));
    for (const order of board?.orders ?? []) by.get(boardColumnOf(boardOrder(order), nowMs))!.push(order);
    // Oldest first where the kitchen works through them; the day's history newest first.
    for (const [column, list] of by) if (column !== 'done') list.reverse();
    return by;
  }, [board, nowMs]);

  const ringing = (columns.get('new')?.length ?? 0) > 0;
  useEffect(() => {
    ringer.current.ring(ringing);
    document.title = ringing ? `(${columns.get('new')!.length}) ${t('board:board.title')}` : t('board:board.title');
  }, [ringing, columns]);
  useEffect(() => () => ringer.current.ring(false), []);

  // The ticket is in the page before the print dialog opens; it leaves after.
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    const id = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(id);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  if (!board) {
    return (
      <p className="m-0 p-4 text-muted" role="status" data-board-loading>
        {failed ? t('board:board.loadFailed') : t('board:board.loading')}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-order-board data-board-ringing={ringing ? '' : undefined}>
      <BoardToolbar
        soundOn={soundOn}
        ringing={ringing}
        settings={settings}
        onSound={async () => setSoundOn(await ringer.current.unlock())}
        onSettings={changeSettings}
      />
      <SlotLoadStrip slots={board.slots} />
      <OpenTabs tabs={board.open_tabs} orders={board.orders} canClose={canCloseTabs} onClose={closeTab} />
      {failed && (
        <p className="m-0 rounded-lg bg-amber-100 p-3 text-sm text-amber-900" role="status" data-board-offline>
          {t('board:board.offline')}
        </p>
      )}
      <section
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2 lg:grid lg:grid-cols-3 lg:overflow-visible xl:grid-cols-4"
        aria-label={t('board:board.columnsLabel')}
        // Scrolled sideways below 1024 px: reachable by the keyboard to scroll.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled without a pointer
        tabIndex={0}
      >
        {BOARD_COLUMNS.filter((c) => c !== 'done' && (ALWAYS.has(c) || (columns.get(c)?.length ?? 0) > 0)).map((column) => (
          <section
            key={column}
            aria-labelledby={`coluna-${column}`}
            className="flex w-[85vw] max-w-md flex-none snap-start flex-col gap-3 md:w-[45vw] lg:w-auto lg:max-w-none"
            data-board-column={column}
          >
            <h2 id={`coluna-${column}`} className="m-0 flex items-center gap-2 text-base font-bold text-ink">
              {t(`board:columns.${column}`)}
              <span className="rounded-full bg-surface px-2 text-sm" data-board-count>
                {columns.get(column)!.length}
              </span>
            </h2>
            {columns.get(column)!.length === 0 && <p className="m-0 text-sm text-muted">{t('board:board.empty')}</p>}
            {columns.get(column)!.map((order) => (
              <OrderCard
                key={order._id}
                order={order}
                timeZone={board.time_zone}
                nowMs={nowMs}
                busy={busy === order._id}
                onMove={moveCard}
                onCancel={setCancelling}
                onPrint={setPrinting}
              />
            ))}
          </section>
        ))}
      </section>
      <DayTotalsView totals={board.totals} day={board.day} />
      <details className="rounded-xl border border-solid border-line bg-card p-3 text-ink" data-board-done>
        <summary className="cursor-pointer font-bold">
          {t('board:columns.done')} ({columns.get('done')!.length})
        </summary>
        <div className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {columns.get('done')!.map((order) => (
            <OrderCard
              key={order._id}
              order={order}
              timeZone={board.time_zone}
              nowMs={nowMs}
              busy={false}
              onMove={nothing}
              onCancel={nothing}
              onPrint={setPrinting}
            />
          ))}
        </div>
      </details>
      {cancelling && (
        <CancelOrderDialog
          order={cancelling}
          busy={busy === cancelling._id}
          onBack={() => setCancelling(null)}
          onConfirm={async (reason) => {
            if (await act(cancelling, 'canceled', reason)) setCancelling(null);
          }}
        />
      )}
      {printing &&
        createPortal(
          <KitchenTicket order={printing} establishment={establishmentName} timeZone={board.time_zone} />,
          document.getElementById('kitchen-ticket-root') ?? document.body,
        )}
    </div>
  );
}
