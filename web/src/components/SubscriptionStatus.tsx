import { formatDate, formatMoney } from '@core/format';
import { CREDIT_BALANCE_LABEL, creditBalanceText } from '@core/plan-change';
import {
  intervalOf,
  isRunning,
  PLAN_NAMES,
  STATUS_LABELS,
  tierOf,
  type SubscriptionState,
} from '@core/subscription';
import { useNow } from '../hooks/use-now';

export const NO_SUBSCRIPTION_TEXT = 'No active subscription';
export const FREE_PLAN_NAME = 'Free';
export const PREMIUM_PAUSED_TEXT = 'Premium is paused until a payment goes through.';

const brandName = (brand: string) =>
  brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);

/** 'Visa ending in 4242'. */
export const cardText = ({ brand, last4 }: NonNullable<SubscriptionState['card']>) =>
  `${brandName(brand)} ending in ${last4}`;

/** '$9.00 per month'. */
export const priceText = (subscription: Pick<SubscriptionState, 'price' | 'plan'>) =>
  `${formatMoney(subscription.price.amount, subscription.price.currency)} per ${intervalOf(subscription.plan)}`;

function Row({ term, children }: { readonly term: string; readonly children: string }) {
  return (
    <div className="details-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The user's plan as every screen shows it (profile, dashboard, payment success): plan, status,
 * price, the renewal date (or the end date when it is cancelled at period end), the card, and the
 * credit balance the next invoices use up, when there is one.
 * Free when there is none, or when the last one ended.
 */
export function SubscriptionStatus({
  subscription,
}: {
  readonly subscription: SubscriptionState | null;
}) {
  const now = useNow();
  if (!subscription) {
    return (
      <>
        <dl className="details">
          <Row term="Plan">{FREE_PLAN_NAME}</Row>
        </dl>
        <p className="muted">{NO_SUBSCRIPTION_TEXT}</p>
      </>
    );
  }
  const end = formatDate(subscription.currentPeriodEnd);
  if (!isRunning(subscription)) {
    return (
      <dl className="details">
        <Row term="Plan">{FREE_PLAN_NAME}</Row>
        <Row term="Last subscription">{`${STATUS_LABELS[subscription.status]}, ended on ${end}`}</Row>
      </dl>
    );
  }
  const paused = tierOf(subscription, now) === 'free';
  return (
    <>
      <dl className="details">
        <Row term="Plan">{PLAN_NAMES[subscription.plan]}</Row>
        <Row term="Status">{STATUS_LABELS[subscription.status]}</Row>
        <Row term="Price">{priceText(subscription)}</Row>
        {subscription.cancelAtPeriodEnd ? (
          <Row term="Ends on">{end}</Row>
        ) : (
          <Row term="Renews on">{end}</Row>
        )}
        {subscription.card && <Row term="Card">{cardText(subscription.card)}</Row>}
        {subscription.credit && subscription.credit.amount > 0 && (
          <Row term={CREDIT_BALANCE_LABEL}>
            {creditBalanceText(
              formatMoney(subscription.credit.amount, subscription.credit.currency),
            )}
          </Row>
        )}
      </dl>
      {paused && <p className="muted">{PREMIUM_PAUSED_TEXT}</p>}
    </>
  );
}
