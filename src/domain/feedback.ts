// What a customer tells the establishment from the account area (decisions #28 'suggestions,
// problem report'): a problem report (what went wrong, optionally which order, and a message) or
// a suggestion (a message). The same rules run in the form and in the API (src/schemas/api-feedback.ts).

/** The two kinds of message. Example: `FEEDBACK_KINDS[0] === 'report'` */
export const FEEDBACK_KINDS = ['report', 'suggestion'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** What went wrong, as the report form offers it (the labels are the locale's). Example: `REPORT_TOPICS.includes('late')` */
export const REPORT_TOPICS = ['late', 'wrong_items', 'quality', 'delivery', 'payment', 'site', 'other'] as const;
export type ReportTopic = (typeof REPORT_TOPICS)[number];

/** Fewest characters of a message (trimmed): enough for the establishment to understand something. */
export const FEEDBACK_MESSAGE_MIN = 10;
/** Most characters of a message (trimmed). */
export const FEEDBACK_MESSAGE_MAX = 1000;

export type FeedbackMessageError = 'required' | 'message_too_short' | 'message_too_long';

/**
 * Why a message cannot be sent, or null. Counted in characters (code points) after trimming, as
 * the API counts them.
 * Example: `feedbackMessageError('  oi ') === 'message_too_short'`
 */
export function feedbackMessageError(message: string): FeedbackMessageError | null {
  const length = [...message.trim()].length;
  if (length === 0) return 'required';
  if (length < FEEDBACK_MESSAGE_MIN) return 'message_too_short';
  if (length > FEEDBACK_MESSAGE_MAX) return 'message_too_long';
  return null;
}

/** Whether a value is one of the report topics. Example: `isReportTopic('late') === true` */
export function isReportTopic(value: unknown): value is ReportTopic {
  return typeof value === 'string' && (REPORT_TOPICS as readonly string[]).includes(value);
}
