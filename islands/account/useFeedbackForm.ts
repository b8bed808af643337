// The feedback form's data and flow: the customer's recent orders for the report (loaded once; the
// report can be sent without one), the fields checked with the API's rules (src/domain/feedback.ts)
// before they are sent, the send with the session, and a refusal named next to its field (400) or
// as a toast (feedback-api.ts SEND_CALL). Once stored, the form is cleared and says so.
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, type REPORT_TOPICS, feedbackMessageError } from '../../src/domain/feedback.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { listOrders } from '../order/order-api.ts';
import { RECENT_ORDERS_CALL, SEND_CALL, sendProblemReport, sendSuggestion } from './feedback-api.ts';

/** How many recent orders the report offers. */
const RECENT_ORDERS = 10;
export const LIMITS = { min: FEEDBACK_MESSAGE_MIN, max: FEEDBACK_MESSAGE_MAX };

export type FeedbackKind = 'report' | 'suggestion';
export type FeedbackErrors = Partial<Record<'topic' | 'order_id' | 'message', string>>;
export type RecentOrders = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; orders: OrderView[] };

/** The Portuguese of a field problem's code, for the field it names. */
function problemText(path: string, code: string): string {
  if (path === 'topic') return t('feedback:errors.topic_required');
  if (path === 'order_id') return t('feedback:errors.order_not_found');
  if (code === 'required' || code === 'message_too_short' || code === 'message_too_long') return t(`feedback:errors.${code}`, LIMITS);
  return t('feedback:errors.failed');
}

function check(kind: FeedbackKind, topic: string, message: string): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (kind === 'report' && topic === '') errors.topic = t('feedback:errors.topic_required');
  const problem = feedbackMessageError(message);
  if (problem) errors.message = t(`feedback:errors.${problem}`, LIMITS);
  return errors;
}

export function useFeedbackForm(kind: FeedbackKind, establishmentId: string) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [topic, setTopic] = useState('');
  const [orderId, setOrderId] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [orders, setOrders] = useState<RecentOrders>(kind === 'report' ? { status: 'loading' } : { status: 'ready', orders: [] });
  const sentRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (kind !== 'report') return;
    let live = true;
    listOrders(establishmentId, 1, RECENT_ORDERS).then(
      (answer) => live && setOrders({ status: 'ready', orders: answer.orders }),
      (err: unknown) => {
        // The report can be sent without an order: the list says it could not load.
        if (reportFailure(err, RECENT_ORDERS_CALL).kind !== 'session_ended' && live) setOrders({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [kind, establishmentId]);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = check(kind, topic, message);
    setErrors(found);
    const first = (['topic', 'message'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      if (kind === 'report') await sendProblemReport(establishmentId, { topic: topic as (typeof REPORT_TOPICS)[number], order_id: orderId || null, message });
      else await sendSuggestion(establishmentId, { message });
      setTopic('');
      setOrderId('');
      setMessage('');
      setSent(true);
    } catch (err) {
      if (reportFailure(err, SEND_CALL(kind === 'report' ? 'POST /problem-reports' : 'POST /suggestions')).kind === 'session_ended') return;
      if (err instanceof ApiFailure) {
        const next: FeedbackErrors = {};
        for (const f of err.fields ?? []) {
          const field = f.path.split('.')[0] as keyof FeedbackErrors;
          if (field === 'topic' || field === 'order_id' || field === 'message') next[field] ??= problemText(field, f.code);
        }
        if (err.code === 'order_not_found') next.order_id = t('feedback:errors.order_not_found');
        setErrors(next);
      }
    } finally {
      setBusy(false);
    }
  }

  // Typing again after a send starts a new message: the confirmation goes.
  const edited = () => sent && setSent(false);

  return {
    id,
    topic,
    orderId,
    message,
    errors,
    busy,
    sent,
    orders,
    sentRef,
    submit,
    changeTopic(value: string) {
      edited();
      setTopic(value);
      setErrors(({ topic: _, ...rest }) => rest);
    },
    changeOrder(value: string) {
      edited();
      setOrderId(value);
      setErrors(({ order_id: _, ...rest }) => rest);
    },
    changeMessage(value: string) {
      edited();
      setMessage(value);
      setErrors(({ message: _, ...rest }) => rest);
    },
  };
}
