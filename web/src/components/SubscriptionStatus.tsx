import type { Subscription } from '@core/session';

export const NO_SUBSCRIPTION_TEXT = 'No active subscription';

/** The subscription as the API gave it (its shape is not specified: SPEC §3); none when empty. */
export function SubscriptionStatus({
  subscription,
}: {
  readonly subscription: Subscription | null;
}) {
  const entries = subscription ? Object.entries(subscription) : [];
  if (entries.length === 0) return <p className="muted">{NO_SUBSCRIPTION_TEXT}</p>;
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
  return (
    <dl className="details">
      {entries.map(([key, value]) => (
        <div key={key} className="details-row">
          <dt>{key}</dt>
          <dd>{text(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
