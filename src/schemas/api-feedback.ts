// Boundary schemas of the customer's problem reports and suggestions (docs/api.md 'Problem reports
// and suggestions'): what the account area's forms post, the list the establishment reads with its
// API key, and the answers. The message rule is src/domain/feedback.ts's, checked by the service
// (src/server/services/feedback.ts) so the form and the API count a message alike.
import { type } from 'arktype';
import { REPORT_TOPICS, type FeedbackKind, type ReportTopic } from '../domain/feedback.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;

/** Bound on the raw text before its rule is checked (a message is at most 1000 characters once trimmed). */
const rawMessage = 'string <= 20000';

/** POST /establishments/{id}/problem-reports. */
export const ProblemReportBody = type({
  topic: type.enumerated(...REPORT_TOPICS),
  /** The order it is about: one of the customer's orders at this establishment, or null / left out. */
  'order_id?': type(id).or('null'),
  message: rawMessage,
  '+': 'delete',
});
export type ProblemReportBody = typeof ProblemReportBody.infer;

/** POST /establishments/{id}/suggestions. */
export const SuggestionBody = type({
  message: rawMessage,
  '+': 'delete',
});
export type SuggestionBody = typeof SuggestionBody.infer;

export const FEEDBACK_PAGE_SIZE = 20;

/** GET /establishments/{id}/problem-reports and /suggestions: newest first, a page at a time. */
export const FeedbackListQuery = type({
  'page?': type('string.integer.parse').to('1 <= number.integer <= 100000'),
  'limit?': type('string.integer.parse').to('1 <= number.integer <= 100'),
});

// ---------------------------------------------------------------- answers

/** A problem report or a suggestion as the API answers it. */
export interface FeedbackView {
  _id: string;
  kind: FeedbackKind;
  /** What went wrong (a report); null for a suggestion. */
  topic: ReportTopic | null;
  /** The order a report is about, with its number; null when none was chosen (or it no longer exists). */
  order: { _id: string; order: number } | null;
  /** Trimmed, 10 to 1000 characters. */
  message: string;
  created_at: string;
  /** Only in answers to the establishment (API key): who sent it, to reply. */
  customer?: { _id: string; name: string; email: string; phone: string };
}

/** GET /establishments/{id}/problem-reports and /suggestions. */
export interface FeedbackListAnswer {
  items: FeedbackView[];
  page: number;
  limit: number;
  total: number;
}
