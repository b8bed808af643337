// What runs after an order's status changed, once the change has committed (the status route calls
// afterStatusChange right after its transaction). Today: the WhatsApp update the customer asked
// for, in Portuguese, with the establishment's name, the order number and a link to the
// order page, on each step after the first: confirmed, preparing, ready (worded for a pickup, a
// delivery or a table), dispatched, complete or canceled. A failed send is logged and never
// undoes or fails the status change: the update is a courtesy, the order page shows the truth.
import orderTexts from '../../i18n/locales/pt-BR/order.json' with { type: 'json' };
import { interpolate } from '../../i18n/interpolate.ts';
import { phoneE164 } from '../../domain/phone.ts';
import { routes } from '../../lib/urls.ts';
import type { Database } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import { getEstablishment } from '../db/catalogue-repo.ts';
import { getUser } from '../db/users-repo.ts';
import { canonicalOriginFor } from '../page-data.ts';
import type { WhatsAppMessage, WhatsAppSender } from '../adapters/whatsapp.ts';

export interface NotificationDeps {
  db: Database;
  whatsApp: WhatsAppSender;
  now: Date;
}

/** What a customer hears about: every step but 'registered', the order's first, known before anyone opted in; 'ready' worded by delivery type. */
export type NotifiedStatus = keyof typeof orderTexts.whatsapp.statusPhrase;
const isNotified = (key: string): key is NotifiedStatus => Object.hasOwn(orderTexts.whatsapp.statusPhrase, key);

/** The phrase key of the order's step. */
function notifiedKey(order: Pick<OrderRow, 'step' | 'delivery_type'>): string {
  return order.step === 'ready' ? `ready_${order.delivery_type}` : order.step;
}

/**
 * The update for one status: the text of a plain message and, in the same order as its {{1}}..{{4}},
 * the values of the approved template (establishment, order number, what happened, link).
 * Example text: 'Pizzaria Bella: seu pedido nº 12 foi confirmado. Veja o pedido: https://…/pizzaria-bella/pedido/5c1f…'
 */
export function orderUpdateMessage(to: string, p: { establishment: string; number: number; status: NotifiedStatus; link: string }): WhatsAppMessage {
  const values = { establishment: p.establishment, number: p.number, status: orderTexts.whatsapp.statusPhrase[p.status], link: p.link };
  return {
    to,
    text: interpolate(orderTexts.whatsapp.message, values),
    templateParams: [values.establishment, String(values.number), values.status, values.link],
  };
}

async function sendWhatsAppUpdate(deps: NotificationDeps, order: OrderRow): Promise<void> {
  const key = notifiedKey(order);
  if (order.whatsapp_updates !== 1 || !isNotified(key) || !deps.whatsApp.connected) return;
  const [establishment, user] = await Promise.all([getEstablishment(deps.db, { id: order.establishment_id }), getUser(deps.db, order.user_id)]);
  if (!establishment || !user?.phone) return;
  const link = `${canonicalOriginFor(establishment.company)}${routes.order(establishment.slug_area, order.id)}`;
  const message = orderUpdateMessage(phoneE164(user.phone), { establishment: establishment.name, number: order.number, status: key, link });
  await deps.whatsApp.send(message, deps.now);
}

/** Everything that follows a committed status change of `order` (as it is now). Never throws. */
export async function afterStatusChange(deps: NotificationDeps, order: OrderRow): Promise<void> {
  try {
    await sendWhatsAppUpdate(deps, order);
  } catch (err) {
    console.error('[whatsapp] update of order', order.id, 'not sent:', err instanceof Error ? err.message : err);
  }
}
