import { isRunning } from '@core/subscription';
import { SubscriptionStatus } from '../../../components/SubscriptionStatus';
import { useAuth } from '../../../lib/auth/auth-context';
import { InvoiceList } from './InvoiceList';
import { PlanOffers } from './PlanOffers';
import { SubscriptionActions } from './SubscriptionActions';
import './subscription.css';

/**
 * The profile's subscription: the plan as every screen shows it; Free users
 * choose a plan, subscribers manage theirs; the invoices of anyone who has paid.
 */
export function SubscriptionPanel() {
  const { state } = useAuth();
  const subscription = state.subscription;
  return (
    <section className="card subscription-panel" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      <SubscriptionStatus subscription={subscription} />
      {subscription && isRunning(subscription) ? (
        <SubscriptionActions subscription={subscription} />
      ) : (
        <PlanOffers />
      )}
      {subscription && <InvoiceList />}
    </section>
  );
}
