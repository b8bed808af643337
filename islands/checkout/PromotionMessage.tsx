// A promotion box's message (success as a status, anything else as an alert) and the applied
// coupon's or prize's problem that keeps the order from being sent until it is fixed or removed.
import type { CheckoutState } from './useCheckout.ts';
import { messageText, type BoxMessage } from './usePromotions.ts';

export function PromotionMessage({ message, hook }: { message: BoxMessage; hook: string }) {
  const success = message.tone === 'success';
  return (
    <p
      role={success ? 'status' : 'alert'}
      className={`m-0 rounded-lg px-3 py-2 text-sm ${success ? 'bg-green-50 text-green-900' : 'border border-solid border-amber-300 bg-amber-50 text-amber-900'}`}
      data-tone={message.tone}
      {...{ [hook]: '' }}
    >
      {messageText(message)}
    </p>
  );
}

/** What keeps the applied coupon or prize from applying now: the customer fixes the order or removes it. */
export function AppliedProblem({ checkout, hook }: { checkout: CheckoutState; hook: string }) {
  const problem = checkout.promotions.appliedProblem;
  if (!problem) return null;
  return <PromotionMessage message={{ ...problem, tone: 'warning' }} hook={hook} />;
}
