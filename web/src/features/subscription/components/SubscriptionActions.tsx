import { useState } from 'react';
import { formatDate } from '@core/format';
import {
  CANCEL_CONFIRM_LABEL,
  CANCEL_KEEP_LABEL,
  CANCEL_TITLE,
  cancelText,
} from '@core/plan-change';
import { intervalOf, PAID_PLANS, type SubscriptionState } from '@core/subscription';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { usePlanPreview } from '../api/use-plan-preview';
import { useBillingPortal } from '../api/use-provider-page';
import { useSubscriptionChange } from '../api/use-subscription-change';
import { PlanSwitchSummary } from './PlanSwitchSummary';

export const MANAGE_BILLING_TEXT = 'Manage billing';

const INTERVAL_WORD = { month: 'monthly', year: 'yearly' } as const;

/**
 * What a user with a running subscription can do: cancel at the end of the period (after a
 * confirmation; and take it back), switch between monthly and yearly billing (after a
 * confirmation showing what is due today and the credit, from the provider's preview), and open
 * the provider's billing portal.
 */
export function SubscriptionActions({
  subscription,
}: {
  readonly subscription: SubscriptionState;
}) {
  const change = useSubscriptionChange();
  const portal = useBillingPortal();
  const [confirming, setConfirming] = useState<'switch' | 'cancel' | undefined>();
  const other = PAID_PLANS.find((plan) => plan !== subscription.plan)!;
  const otherWord = INTERVAL_WORD[intervalOf(other)];
  const preview = usePlanPreview(other, confirming === 'switch');
  const busy = change.isPending || portal.leaving;
  const action = change.isPending ? change.variables?.action : undefined;
  const error = change.error ?? portal.error;
  const ask = (what: 'switch' | 'cancel') => {
    change.reset();
    setConfirming(what);
  };
  const close = () => setConfirming(undefined);

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
            onClick={() => ask('cancel')}
          >
            {action === 'cancel' ? 'Cancelling…' : 'Cancel at period end'}
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => ask('switch')}>
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
        open={confirming === 'cancel'}
        title={CANCEL_TITLE}
        confirmLabel={CANCEL_CONFIRM_LABEL}
        cancelLabel={CANCEL_KEEP_LABEL}
        busy={change.isPending}
        busyLabel="Cancelling…"
        onCancel={close}
        onConfirm={() => change.mutate({ action: 'cancel' }, { onSuccess: close })}
      >
        <p>{cancelText(formatDate(subscription.currentPeriodEnd))}</p>
        {change.error && (
          <p role="alert" className="subscription-error">
            {change.error.message}
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'switch'}
        title={`Switch to ${otherWord} billing?`}
        confirmLabel={`Switch to ${otherWord}`}
        busy={change.isPending}
        busyLabel="Switching…"
        confirmDisabled={!preview.data || preview.isFetching}
        onCancel={close}
        onConfirm={() => {
          // Only at the amounts shown: never before the preview is in, nor while it is re-read.
          if (!preview.data || preview.isFetching) return;
          change.mutate(
            { action: 'switch', plan: other, prorationDate: preview.data.prorationDate },
            { onSuccess: close },
          );
        }}
      >
        <PlanSwitchSummary preview={preview} />
        {change.error && (
          <p role="alert" className="subscription-error">
            {change.error.message}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
