import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SUBSCRIPTION_CONFIRM_POLL_MS, SUBSCRIPTION_CONFIRM_WAIT_MS } from '@core/constants';
import { PROFILE_PATH, USER_HOME } from '@core/routes';
import type { Subscription } from '@core/session';
import { useAuth } from '../../../lib/auth/auth-context';
import { SubscriptionStatus } from '../../../components/SubscriptionStatus';
import './dashboard.css';

const hasSubscription = (subscription: Subscription | null) =>
  subscription !== null && Object.keys(subscription).length > 0;

/**
 * Asks for the subscription every 5 s until the payment provider's confirmation has reached it
 * (the session's copy is otherwise loaded only at sign-in); true once it gave up waiting.
 */
function useSubscriptionConfirmation(confirmed: boolean): boolean {
  const { reloadSubscription } = useAuth();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (confirmed) return;
    const deadline = Date.now() + SUBSCRIPTION_CONFIRM_WAIT_MS;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      await reloadSubscription().catch((error: unknown) =>
        console.error('Reloading the subscription failed', error),
      );
      if (stopped) return;
      if (Date.now() >= deadline) setGaveUp(true);
      else timer = setTimeout(() => void ask(), SUBSCRIPTION_CONFIRM_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [confirmed, reloadSubscription]);
  return gaveUp;
}

/** /payment-success: where the card payment provider returns after a completed checkout. */
export function PaymentSuccessPage() {
  const { state } = useAuth();
  const confirmed = hasSubscription(state.subscription);
  const gaveUp = useSubscriptionConfirmation(confirmed);
  return (
    <section className="dashboard" aria-labelledby="payment-title">
      <h1 id="payment-title">Payment successful</h1>
      <p className="lead">
        Thank you. Your payment was received and your subscription is being activated; it shows
        below as soon as the payment provider confirms it.
      </p>
      <section className="card" aria-labelledby="payment-subscription">
        <h2 id="payment-subscription">Subscription</h2>
        {confirmed ? (
          <SubscriptionStatus subscription={state.subscription} />
        ) : (
          <p role="status">
            {gaveUp
              ? 'The confirmation has not arrived yet. Reload this page to check again.'
              : 'Waiting for the payment provider’s confirmation…'}
          </p>
        )}
      </section>
      <p className="quick-links-inline">
        <Link to={USER_HOME} className="button primary">
          Go to your dashboard
        </Link>
        <Link to={PROFILE_PATH} className="button">
          Your profile
        </Link>
      </p>
    </section>
  );
}
