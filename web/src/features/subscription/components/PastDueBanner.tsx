import { formatDate } from '@core/format';
import { graceEndOf, type SubscriptionState } from '@core/subscription';
import { useNow } from '../../../hooks/use-now';
import { useBillingPortal } from '../api/use-provider-page';
import './subscription.css';

export const PAST_DUE_TEXT = 'Your last payment failed.';
export const UPDATE_CARD_TEXT = 'Update card';

/** What the banner says beyond the failure: how long Premium stays on. */
export function pastDueDetail(subscription: SubscriptionState, now: number): string {
  const graceEnd = graceEndOf(subscription);
  if (graceEnd && Date.parse(graceEnd) > now) {
    return `Premium stays on until ${formatDate(graceEnd)} while the payment is retried: update your card to keep it.`;
  }
  return 'Premium is paused until a payment goes through: update your card.';
}

/**
 * Shown across the app to a user whose renewal failed (past_due): what happened and a button to
 * the provider's billing portal, where the card is updated.
 */
export function PastDueBanner({ subscription }: { readonly subscription: SubscriptionState }) {
  const portal = useBillingPortal();
  const now = useNow();
  return (
    <div className="past-due-banner" role="region" aria-label="Payment failed">
      <div className="container past-due-row">
        <p>
          <strong>{PAST_DUE_TEXT}</strong> {pastDueDetail(subscription, now)}
        </p>
        <button
          type="button"
          className="button primary"
          disabled={portal.leaving}
          aria-busy={portal.leaving}
          onClick={() => portal.mutate()}
        >
          {portal.leaving ? 'Opening billing…' : UPDATE_CARD_TEXT}
        </button>
        {portal.error && (
          <p role="alert" className="subscription-error">
            {portal.error.message}
          </p>
        )}
      </div>
    </div>
  );
}
