import { useState } from 'react';
import { formatDate, formatMoney } from '@core/format';
import { intervalOf, PAID_PLANS, type PaidPlan, type SubscriptionState } from '@core/subscription';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { usePlans } from '../api/use-plans';
import { useBillingPortal } from '../api/use-provider-page';
import { useSubscriptionChange } from '../api/use-subscription-change';

export const MANAGE_BILLING_TEXT = 'Manage billing';

const INTERVAL_WORD = { month: 'monthly', year: 'yearly' } as const;

/** The switch's consequences, as the provider bills an interval change by default. */
export function switchText(toPlan: PaidPlan, price: string | undefined): string {
  const charge = price ? `${price} per ${intervalOf(toPlan)}` : 'the new price';
  return (
    `A new billing period starts today at ${charge}. You are charged now, less a prorated ` +
    'credit for the unused part of your current period.'
  );
}

/**
 * What a user with a running subscription can do: cancel at the end of the period (and take it
 * back), switch between monthly and yearly billing (after a confirmation naming the proration),
 * and open the provider's billing portal.
 */
export function SubscriptionActions({
  subscription,
}: {
  readonly subscription: SubscriptionState;
}) {
  const change = useSubscriptionChange();
  const portal = useBillingPortal();
  const plans = usePlans();
  const [confirming, setConfirming] = useState(false);
  const other = PAID_PLANS.find((plan) => plan !== subscription.plan)!;
  const otherWord = INTERVAL_WORD[intervalOf(other)];
  const otherOffer = plans.data?.find((offer) => offer.plan === other);
  const otherPrice = otherOffer && formatMoney(otherOffer.price.amount, otherOffer.price.currency);
  const busy = change.isPending || portal.leaving;
  const action = change.isPending ? change.variables?.action : undefined;
  const error = change.error ?? portal.error;

  return (
    <div className="subscription-actions">
      {subscription.cancelAtPeriodEnd && (
        <p className="notice">
          Your subscription is cancelled: Premium stays until{' '}
          {formatDate(subscription.currentPeriodEnd)} and is not renewed.
        </p>
      )}
      <div className="button-row">
        {subscription.cancelAtPeriodEnd ? (
          <button
            type="button"
            className="button primary"
            disabled={busy}
            aria-busy={action === 'resume'}
            onClick={() => change.mutate({ action: 'resume' })}
          >
            {action === 'resume' ? 'Resuming…' : 'Resume subscription'}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-busy={action === 'cancel'}
            onClick={() => change.mutate({ action: 'cancel' })}
          >
            {action === 'cancel' ? 'Cancelling…' : 'Cancel at period end'}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            change.reset();
            setConfirming(true);
          }}
        >
          Switch to {otherWord} billing
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={portal.leaving}
          onClick={() => portal.mutate()}
        >
          {portal.leaving ? 'Opening billing…' : MANAGE_BILLING_TEXT}
        </button>
      </div>
      {error && !confirming && (
        <p role="alert" className="subscription-error">
          {error.message}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Switch to ${otherWord} billing?`}
        confirmLabel={`Switch to ${otherWord}`}
        busy={change.isPending}
        busyLabel="Switching…"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          change.mutate(
            { action: 'switch', plan: other },
            { onSuccess: () => setConfirming(false) },
          )
        }
      >
        <p>{switchText(other, otherPrice)}</p>
        {change.error && (
          <p role="alert" className="subscription-error">
            {change.error.message}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
