import { formatMoney } from '@core/format';
import { PLAN_NAMES } from '@core/subscription';
import { QueryState } from '../../../components/QueryState';
import { useCheckout } from '../api/use-provider-page';
import { usePlans } from '../api/use-plans';

export const NO_PLANS_TEXT = 'No plans are on offer right now.';

/**
 * Free users' choice of Premium: each plan with the provider's price and a Subscribe button that
 * opens the provider's hosted checkout.
 */
export function PlanOffers() {
  const plans = usePlans();
  const checkout = useCheckout();
  return (
    <section className="plan-offers" aria-labelledby="plans-title">
      <h3 id="plans-title">Upgrade to Premium</h3>
      <QueryState query={plans} what="plans" empty={NO_PLANS_TEXT} lines={2}>
        {(offers) => (
          <ul className="plan-list">
            {offers.map((offer) => {
              const name = PLAN_NAMES[offer.plan];
              const opening = checkout.leaving && checkout.variables === offer.plan;
              return (
                <li key={offer.plan} className="plan-offer">
                  <span className="plan-name">{name}</span>
                  <span className="plan-price">
                    {formatMoney(offer.price.amount, offer.price.currency)} per {offer.interval}
                  </span>
                  <button
                    type="button"
                    className="button primary"
                    aria-label={`Subscribe to ${name}`}
                    disabled={checkout.leaving}
                    aria-busy={opening}
                    onClick={() => checkout.mutate(offer.plan)}
                  >
                    {opening ? 'Opening checkout…' : 'Subscribe'}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {checkout.error && (
        <p role="alert" className="subscription-error">
          {checkout.error.message}
        </p>
      )}
    </section>
  );
}
