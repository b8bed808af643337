// 'Reportar um problema' and 'Sugestões': what a customer tells the
// establishment. The report asks what went wrong, optionally which of the customer's recent
// orders, and a message; the suggestion is a message. Both are checked with the API's rules
// (src/domain/feedback.ts) before they are sent, then posted with the session; once stored, the
// form is cleared and says so where the customer is looking. A refusal is named next to its field
// (400) or as a toast (islands/account/feedback-api.ts SEND_CALL); nothing half-sent stays.
import { FEEDBACK_MESSAGE_MAX } from '../../src/domain/feedback.ts';
import { t } from '../../src/i18n/index.ts';
import { controlClass, Labelled, OrderSelect, TopicSelect } from './feedback-fields.tsx';
import { SubmitButton } from './form.tsx';
import { LIMITS, useFeedbackForm, type FeedbackKind } from './useFeedbackForm.ts';

export function FeedbackForm({ kind, establishmentId, timeZone }: { kind: FeedbackKind; establishmentId: string; timeZone: string }) {
  const { id, orderId, topic, message, errors, busy, sent, orders, sentRef, submit, changeTopic, changeOrder, changeMessage } = useFeedbackForm(
    kind,
    establishmentId,
  );
  const length = [...message.trim()].length;
  const messageHint = `${t('feedback:message.hint', LIMITS)} ${t('feedback:message.count', { count: length, max: FEEDBACK_MESSAGE_MAX })}`;

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4" data-feedback-form={kind}>
      <p className="m-0 text-sm text-muted">{t(`feedback:${kind}.intro`)}</p>
      {kind === 'report' && (
        <>
          <TopicSelect id={id('topic')} value={topic} error={errors.topic} onChange={changeTopic} />
          <OrderSelect id={id('order')} value={orderId} error={errors.order_id} orders={orders} timeZone={timeZone} onChange={changeOrder} />
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
          onChange={(e) => changeMessage(e.target.value)}
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
