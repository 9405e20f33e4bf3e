import { formatMoney } from '@core/format';
import {
  SWITCH_BALANCE_APPLIED_LABEL,
  SWITCH_CREDIT_AFTER_LABEL,
  SWITCH_CREDIT_LABEL,
  SWITCH_DUE_TODAY_LABEL,
  SWITCH_NEW_PLAN_LABEL,
  SWITCH_PREVIEW_FAILED_TEXT,
  SWITCH_PREVIEW_LOADING_TEXT,
  switchPeriodText,
  type PlanChangePreview,
} from '@core/plan-change';
import { intervalOf, type Money } from '@core/subscription';
import type { UseQueryResult } from '@tanstack/react-query';

const money = ({ amount, currency }: Money) => formatMoney(amount, currency);
/** A credit as it is taken off: '−$8.71'. */
const credit = ({ amount, currency }: Money) => formatMoney(-amount, currency);

function Row({ term, value }: { readonly term: string; readonly value: string }) {
  return (
    <div className="details-row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The switch dialog's amounts, from the provider's preview: the new plan's price, the credit for
 * the unused time, credit already on the account, what is due today, and the credit left over for
 * the next invoices. While it loads or when it failed, it says so (and offers to try again).
 */
export function PlanSwitchSummary({
  preview,
}: {
  readonly preview: UseQueryResult<PlanChangePreview, Error>;
}) {
  if (preview.isPending) {
    return (
      <p className="muted" role="status">
        {SWITCH_PREVIEW_LOADING_TEXT}
      </p>
    );
  }
  if (preview.isError) {
    return (
      <div role="alert" className="subscription-error">
        <p>
          {SWITCH_PREVIEW_FAILED_TEXT} {preview.error.message}
        </p>
        <button
          type="button"
          className="button"
          disabled={preview.isFetching}
          onClick={() => void preview.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  const quote = preview.data;
  return (
    <>
      <p>{switchPeriodText(money(quote.newPrice), intervalOf(quote.plan))}</p>
      <dl className="details switch-amounts" aria-label="What the switch costs">
        <Row term={SWITCH_NEW_PLAN_LABEL} value={money(quote.newPrice)} />
        {quote.prorationCredit.amount > 0 && (
          <Row term={SWITCH_CREDIT_LABEL} value={credit(quote.prorationCredit)} />
        )}
        {quote.balanceApplied.amount > 0 && (
          <Row term={SWITCH_BALANCE_APPLIED_LABEL} value={credit(quote.balanceApplied)} />
        )}
        <Row term={SWITCH_DUE_TODAY_LABEL} value={money(quote.amountDue)} />
        {quote.creditAfter.amount > 0 && (
          <Row term={SWITCH_CREDIT_AFTER_LABEL} value={money(quote.creditAfter)} />
        )}
      </dl>
    </>
  );
}
