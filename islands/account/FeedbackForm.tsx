// 'Reportar um problema' and 'Sugestões': what a customer tells the
// establishment. The report asks what went wrong, optionally which of the customer's recent
// orders, and a message; the suggestion is a message. Both are checked with the API's rules
// (src/domain/feedback.ts) before they are sent, then posted with the session; once stored, the
// form is cleared and says so where the customer is looking. A refusal is named next to its field
// (400) or as a toast (islands/account/feedback-api.ts SEND_CALL); nothing half-sent stays.
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, REPORT_TOPICS, feedbackMessageError } from '../../src/domain/feedback.ts';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { listOrders } from '../order/order-api.ts';
import { zonedDate } from '../order/format.ts';
import { RECENT_ORDERS_CALL, SEND_CALL, sendProblemReport, sendSuggestion } from './feedback-api.ts';
import { SubmitButton } from './form.tsx';

/** How many recent orders the report offers. */
const RECENT_ORDERS = 10;
const LIMITS = { min: FEEDBACK_MESSAGE_MIN, max: FEEDBACK_MESSAGE_MAX };

type Kind = 'report' | 'suggestion';
type Errors = Partial<Record<'topic' | 'order_id' | 'message', string>>;
type Orders = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; orders: OrderView[] };

/** The Portuguese of a field problem's code, for the field it names. */
function problemText(path: string, code: string): string {
  if (path === 'topic') return t('feedback:errors.topic_required');
  if (path === 'order_id') return t('feedback:errors.order_not_found');
  if (code === 'required' || code === 'message_too_short' || code === 'message_too_long') return t(`feedback:errors.${code}`, LIMITS);
  return t('feedback:errors.failed');
}

function check(kind: Kind, topic: string, message: string): Errors {
  const errors: Errors = {};
  if (kind === 'report' && topic === '') errors.topic = t('feedback:errors.topic_required');
  const problem = feedbackMessageError(message);
  if (problem) errors.message = t(`feedback:errors.${problem}`, LIMITS);
  return errors;
}

const controlClass = (error?: string) =>
  `w-full rounded-lg border border-solid bg-card px-3 py-2.5 text-base text-ink ${error ? 'border-red-600' : 'border-line'}`;

/** A labelled control with its hint and error, wired like Field.tsx's inputs. */
function Labelled({
  id,
  label,
  hint,
  error,
  name,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1" data-field={name}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="m-0 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="m-0 text-sm text-red-700 dark:text-red-400" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

export function FeedbackForm({ kind, establishmentId, timeZone }: { kind: Kind; establishmentId: string; timeZone: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [topic, setTopic] = useState('');
  const [orderId, setOrderId] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [orders, setOrders] = useState<Orders>(kind === 'report' ? { status: 'loading' } : { status: 'ready', orders: [] });
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
        const next: Errors = {};
        for (const f of err.fields ?? []) {
          const field = f.path.split('.')[0] as keyof Errors;
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
  const length = [...message.trim()].length;
  const messageHint = `${t('feedback:message.hint', LIMITS)} ${t('feedback:message.count', { count: length, max: FEEDBACK_MESSAGE_MAX })}`;

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4" data-feedback-form={kind}>
      <p className="m-0 text-sm text-muted">{t(`feedback:${kind}.intro`)}</p>
      {kind === 'report' && (
        <>
          <Labelled id={id('topic')} name="topic" label={t('feedback:report.topic')} error={errors.topic}>
            <select
              id={id('topic')}
              name="topic"
              value={topic}
              required
              aria-invalid={errors.topic ? true : undefined}
              aria-describedby={errors.topic ? `${id('topic')}-error` : undefined}
              className={controlClass(errors.topic)}
              onChange={(e) => {
                edited();
                setTopic(e.target.value);
                setErrors(({ topic: _, ...rest }) => rest);
              }}
            >
              <option value="">{t('feedback:report.topicChoose')}</option>
              {REPORT_TOPICS.map((code) => (
                <option key={code} value={code}>
                  {t(`feedback:topics.${code}`)}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled
            id={id('order')}
            name="order_id"
            label={t('feedback:report.order')}
            error={errors.order_id}
            hint={orders.status === 'failed' ? t('feedback:report.ordersFailed') : undefined}
          >
            <select
              id={id('order')}
              name="order_id"
              value={orderId}
              disabled={orders.status === 'loading'}
              aria-invalid={errors.order_id ? true : undefined}
              aria-describedby={errors.order_id ? `${id('order')}-error` : orders.status === 'failed' ? `${id('order')}-hint` : undefined}
              className={controlClass(errors.order_id)}
              onChange={(e) => {
                edited();
                setOrderId(e.target.value);
                setErrors(({ order_id: _, ...rest }) => rest);
              }}
            >
              <option value="">{orders.status === 'loading' ? t('feedback:report.ordersLoading') : t('feedback:report.orderNone')}</option>
              {orders.status === 'ready' &&
                orders.orders.map((o) => (
                  <option key={o._id} value={o._id}>
                    {t('feedback:report.orderOption', {
                      number: o.order,
                      date: zonedDate(o.created_at, timeZone),
                      total: normalizeSpaces(formatBRL(o.totals.total)),
                    })}
                  </option>
                ))}
            </select>
          </Labelled>
        </>
      )}
      <Labelled
        id={id('message')}
        name="message"
        label={t(kind === 'report' ? 'feedback:report.message' : 'feedback:suggestion.message')}
        error={errors.message}
        hint={messageHint}
      >
        <textarea
          id={id('message')}
          name="message"
          value={message}
          rows={6}
          required
          maxLength={FEEDBACK_MESSAGE_MAX + 200}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id('message')}-error` : `${id('message')}-hint`}
          className={`${controlClass(errors.message)} min-h-32 resize-y`}
          onChange={(e) => {
            edited();
            setMessage(e.target.value);
            setErrors(({ message: _, ...rest }) => rest);
          }}
        />
      </Labelled>
      {sent && (
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="m-0 rounded-lg border border-solid border-green-300 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900 outline-none"
          data-feedback-sent
        >
          {t(`feedback:${kind}.sent`)}
        </p>
      )}
      <div>
        <SubmitButton busy={busy} label={t(`feedback:${kind}.submit`)} />
      </div>
    </form>
  );
}
