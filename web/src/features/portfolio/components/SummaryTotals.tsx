import { Fragment } from 'react';
import type { PortfolioSummary } from '@core/portfolio/summary';
import { money } from '../lib/figures';

/** The portfolio's totals in its currency, and the holdings they leave out for a missing input. */
export function SummaryTotals({ summary }: { readonly summary: PortfolioSummary }) {
  const { totals, currency } = summary;
  const rows: [string, number | null][] = [
    ['Market value', totals.marketValue],
    ['Cost basis (FIFO)', totals.costBasis],
    ['Unrealized gain', totals.unrealizedGain],
    ['Realized gain', totals.realizedGain],
    ['Dividends received', totals.dividends],
    ['Fees', totals.fees],
    ['Cash', totals.cash],
  ];
  return (
    <section className="portfolio-part" aria-label="Totals">
      <dl className="details portfolio-totals" data-testid="portfolio-totals">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{money(value, currency)}</dd>
          </Fragment>
        ))}
      </dl>
      {totals.unvalued.length > 0 && (
        <p className="portfolio-note">
          Left out of the totals for want of a price or an exchange rate:{' '}
          {totals.unvalued.join(', ')}.
        </p>
      )}
      <p className="muted">
        Valued on {summary.today}. Amounts in other currencies are converted at today’s exchange
        rates.
      </p>
    </section>
  );
}
