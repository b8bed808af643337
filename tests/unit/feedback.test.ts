// The message rule of the account's problem reports and suggestions (src/domain/feedback.ts),
// shared by the form and the API.
import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, feedbackMessageError, isReportTopic } from '../../src/domain/feedback.ts';

describe('feedbackMessageError', () => {
  it('asks for a message, at least 10 and at most 1000 characters once trimmed', () => {
    expect([FEEDBACK_MESSAGE_MIN, FEEDBACK_MESSAGE_MAX]).toEqual([10, 1000]);
    expect(feedbackMessageError('')).toBe('required');
    expect(feedbackMessageError(' \n\t ')).toBe('required');
    expect(feedbackMessageError('  Atrasou  ')).toBe('message_too_short');
    expect(feedbackMessageError('Atrasou um')).toBeNull();
    expect(feedbackMessageError('a'.repeat(1000))).toBeNull();
    expect(feedbackMessageError(` ${'a'.repeat(1000)} `)).toBeNull();
    expect(feedbackMessageError('a'.repeat(1001))).toBe('message_too_long');
  });

  it('counts characters, not UTF-16 units: an emoji is one', () => {
    expect(feedbackMessageError('🍕'.repeat(10))).toBeNull();
    expect(feedbackMessageError('🍕'.repeat(9))).toBe('message_too_short');
    expect(feedbackMessageError('🍕'.repeat(1000))).toBeNull();
  });
});

describe('isReportTopic', () => {
  it('knows the report form topics only', () => {
    for (const topic of ['late', 'wrong_items', 'quality', 'delivery', 'payment', 'site', 'other']) expect(isReportTopic(topic)).toBe(true);
    expect(isReportTopic('frio')).toBe(false);
    expect(isReportTopic(null)).toBe(false);
  });
});
