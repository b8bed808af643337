// What the order page offers after the order itself: its evaluation (the stars once sent, or
// 'Avaliar pedido' while the completed order may still be evaluated) and, while the order
// still has changes to come, 'Receber atualizações pelo WhatsApp', shown only when
// the establishment's WhatsApp bot is connected and the customer has a phone. The toggle's
// reads are made without being asked: a failure hides it and is only logged.
import { useEffect, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { maskPhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { canEvaluate, EvaluateLink, EvaluationSummary } from './evaluation-parts.tsx';
import { changeWhatsAppUpdates, readWhatsAppUpdates, whatsAppBotStatus, type OrderView } from './order-api.ts';
import './i18n.ts';
import { buttonClass } from '../shared/Button.tsx';

const READ: CallPolicy = { call: 'GET whatsapp-bot status and /orders/{id}/whatsapp-updates', role: 'background' };
const CHANGE: CallPolicy = { call: 'PATCH /orders/{id}/whatsapp-updates', role: 'action', catalogue: () => ({ key: 'order:whatsapp.failed' }) };

function WhatsAppUpdates({ establishmentId, orderId, phone }: { establishmentId: string; orderId: string; phone: string }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([whatsAppBotStatus(establishmentId), readWhatsAppUpdates(establishmentId, orderId)]).then(
      ([bot, updates]) => {
        if (live && bot.connected) setOn(updates.receive_updates_in_whatsapp);
      },
      (err: unknown) => reportFailure(err, READ),
    );
    return () => {
      live = false;
    };
  }, [establishmentId, orderId]);

  if (on === null) return null;

  async function change(next: boolean) {
    setBusy(true);
    try {
      const answer = await changeWhatsAppUpdates(establishmentId, orderId, next);
      setOn(answer.receive_updates_in_whatsapp);
      toast(t(answer.receive_updates_in_whatsapp ? 'order:whatsapp.on' : 'order:whatsapp.off'), { kind: 'success' });
    } catch (err) {
      reportFailure(err, CHANGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-solid border-line bg-card p-4" data-whatsapp-updates={on ? 'on' : 'off'}>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        aria-checked={on}
        disabled={busy}
        onChange={(e) => void change(e.target.checked)}
        aria-describedby="whatsapp-updates-hint"
        className="mt-0.5 h-5 w-5 flex-none cursor-pointer accent-brand disabled:cursor-wait"
        data-whatsapp-toggle
      />
      <span className="flex flex-col gap-0.5">
        <span className="font-semibold text-ink">{t('order:whatsapp.toggle')}</span>
        <span id="whatsapp-updates-hint" className="text-sm text-muted">
          {t('order:whatsapp.hint', { phone: maskPhone(phone) })}
        </span>
      </span>
    </label>
  );
}

export function OrderFollowUp({
  establishmentId,
  slug,
  order,
  phone,
  timeZone,
}: {
  establishmentId: string;
  slug: string;
  order: OrderView;
  /** The customer's phone, '' when unknown. */
  phone: string;
  timeZone: string;
}) {
  const finished = order.status === 'complete' || order.status === 'canceled';
  return (
    <>
      {order.evaluation ? (
        <div className="rounded-xl border border-solid border-line bg-card p-4 md:p-6">
          <EvaluationSummary evaluation={order.evaluation} deliveryType={order.delivery_type} timeZone={timeZone} />
        </div>
      ) : (
        canEvaluate(order) && <EvaluateLink slug={slug} order={order} className={buttonClass('primary', 'large', 'self-start')} />
      )}
      {!finished && phone && <WhatsAppUpdates establishmentId={establishmentId} orderId={order._id} phone={phone} />}
    </>
  );
}
