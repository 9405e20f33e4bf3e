import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PROFILE_PATH, USER_HOME } from '@core/routes';
import { SubscriptionStatus } from '../../../components/SubscriptionStatus';
import '../../../components/query-state.css';
import './subscription.css';
import { useCheckoutConfirmation } from '../api/use-checkout-confirmation';

export const CONFIRMING_TITLE = 'Confirming your payment…';
export const CONFIRMED_TITLE = 'Premium is active';
export const NOT_FOUND_TITLE = 'Checkout not found';
export const NOT_FOUND_TEXT =
  'We could not find this checkout for your account. If you paid, your plan shows on your profile.';
export const NOT_PAID_TITLE = 'Your payment has not gone through';
export const NOT_PAID_TEXT =
  'The checkout was not completed, so no payment was taken and your plan has not changed.';
export const GAVE_UP_TITLE = 'Your payment is still being confirmed';
export const GAVE_UP_TEXT =
  'The payment provider has not confirmed your payment yet. Reload this page in a minute; your profile shows Premium as soon as it is confirmed.';
export const FAILED_TITLE = 'We could not confirm your payment';

/** One outcome. A live region: the outcome replaces "Confirming…" in place, and is announced. */
function Screen({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="payment-result" aria-labelledby="payment-title" aria-live="polite">
      <h1 id="payment-title">{title}</h1>
      {children}
    </section>
  );
}

const profileLink = (text: string, primary = false) => (
  <Link to={PROFILE_PATH} className={primary ? 'button primary' : 'button'}>
    {text}
  </Link>
);

/**
 * /payment-success, where the provider's checkout returns (`?session_id=cs_…`). It tells the user
 * only what the server confirmed for their own checkout: Premium once paid, "not gone through"
 * for a checkout never completed, and never a success it does not know of.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const view = useCheckoutConfirmation(params.get('session_id'));
  switch (view.kind) {
    case 'waiting':
      return (
        <Screen title={CONFIRMING_TITLE}>
          <p className="lead">We are checking your payment with the payment provider.</p>
        </Screen>
      );
    case 'confirmed':
      return (
        <Screen title={CONFIRMED_TITLE}>
          <p className="lead">Thank you. Your payment went through and Premium is yours.</p>
          <section className="card" aria-labelledby="payment-subscription">
            <h2 id="payment-subscription">Subscription</h2>
            <SubscriptionStatus subscription={view.confirmation.subscription} />
          </section>
          <p className="button-row">
            {profileLink('Manage it on your profile', true)}
            <Link to={USER_HOME} className="button">
              Go to your dashboard
            </Link>
          </p>
        </Screen>
      );
    case 'not-paid':
      return (
        <Screen title={NOT_PAID_TITLE}>
          <p className="lead">{NOT_PAID_TEXT}</p>
          <p>{profileLink('Back to your profile', true)}</p>
        </Screen>
      );
    case 'gave-up':
      return (
        <Screen title={GAVE_UP_TITLE}>
          <p className="lead">{GAVE_UP_TEXT}</p>
          <p>{profileLink('Go to your profile')}</p>
        </Screen>
      );
    case 'not-found':
      return (
        <Screen title={NOT_FOUND_TITLE}>
          <p className="lead">{NOT_FOUND_TEXT}</p>
          <p>{profileLink('Go to your profile', true)}</p>
        </Screen>
      );
    case 'failed':
      return (
        <Screen title={FAILED_TITLE}>
          <div className="section-error" role="alert">
            <p>{view.error.message}</p>
            <button type="button" className="button" onClick={view.retry}>
              Try again
            </button>
          </div>
        </Screen>
      );
  }
}
