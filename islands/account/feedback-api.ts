// The calls of the account's problem report and suggestion forms (docs/api.md 'Problem reports and
// suggestions'), through src/client/api.ts (the headers and the establishment's session cookie),
// and what each failure shows (islands/shared/call-failure.ts). The texts travel with this code.
import { call } from '../../src/client/api.ts';
import { registerNamespace } from '../../src/i18n/index.ts';
import texts from '../../src/i18n/locales/pt-BR/feedback.json';
import type { FeedbackView, ProblemReportBody, SuggestionBody } from '../../src/schemas/api-feedback.ts';
import type { CallPolicy } from '../shared/call-failure.ts';

registerNamespace('feedback', texts);

/** What a send's failure shows: the order or the hourly limit by name; a 400 is the form's own (its fields); anything else, 'not sent'. */
export const SEND_CALL = (call: string): CallPolicy => ({
  call,
  role: 'action',
  catalogue: (f) =>
    f.code === 'order_not_found' || f.code === 'too_many_messages'
      ? { key: `feedback:errors.${f.code}` }
      : f.status > 0 && f.status !== 400
        ? { key: 'feedback:errors.failed' }
        : null,
  fallback: { key: 'feedback:errors.failed' },
});

/** The customer's recent orders, for the report's 'which order' list: only the list's own failure (it can be sent without). */
export const RECENT_ORDERS_CALL: CallPolicy = { call: 'GET /establishments/{id}/orders (report form)', role: 'in_place' };

/** POST /establishments/{id}/problem-reports. */
export function sendProblemReport(establishmentId: string, body: typeof ProblemReportBody.inferIn): Promise<FeedbackView> {
  return call('POST /establishments/:id/problem-reports', { params: { id: establishmentId }, body, establishmentId });
}

/** POST /establishments/{id}/suggestions. */
export function sendSuggestion(establishmentId: string, body: typeof SuggestionBody.inferIn): Promise<FeedbackView> {
  return call('POST /establishments/:id/suggestions', { params: { id: establishmentId }, body, establishmentId });
}
