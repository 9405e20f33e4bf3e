import { formatNumber, formatPrice } from '@core/format';
import { verdictCell } from '@core/market/shariah-verdicts';
import type { HoldingRow, PortfolioSummary } from '@core/portfolio/summary';
import { verdictStandardText } from '@core/shariah-preference';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { ShariahVerdictCell } from '../../../components/ShariahVerdictCell';
import { VerdictBadge } from '../../../components/VerdictBadge';
import { useShariahStandard } from '../../../lib/shariah-standard';
import { money, share } from '../lib/figures';
import '../../../components/data-table/data-table.css';

/** The row's verdict under the summary's standard, or why there is none. */
const cellOf = (row: HoldingRow, standard: PortfolioSummary['standard']) =>
  Object.keys(row.verdicts).length === 0
    ? verdictCell(undefined, standard, row.price === null ? 'no-price' : undefined)
    : verdictCell(row.verdicts, standard);

/**
 * One row per stock ever held: shares, costs, value, gains and dividends in the portfolio's
 * currency, its weight, and its Shariah verdict under the user's standard (a reviewer's verdict
 * beside it). A row missing an input says which.
 */
export function HoldingsTable({ summary }: { readonly summary: PortfolioSummary }) {
  const shown = useShariahStandard();
  const c = summary.currency;
  return (
    <section className="portfolio-part" aria-labelledby="portfolio-holdings">
      <h4 id="portfolio-holdings">Holdings</h4>
      <p className="muted">{verdictStandardText(summary.standard, shown?.source ?? 'default')}</p>
      <ScrollingTable label="Holdings table" className="data-table">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col" className="num">
              Shares
            </th>
            <th scope="col" className="num">
              Average cost
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Market value
            </th>
            <th scope="col" className="num">
              Cost basis
            </th>
            <th scope="col" className="num">
              Unrealized gain
            </th>
            <th scope="col" className="num">
              Realized gain
            </th>
            <th scope="col" className="num">
              Dividends
            </th>
            <th scope="col" className="num">
              Weight
            </th>
            <th scope="col">Shariah verdict</th>
            <th scope="col">Missing</th>
          </tr>
        </thead>
        <tbody>
          {summary.holdings.map((row) => (
            <tr key={row.symbol}>
              <th scope="row">{row.symbol}</th>
              <td className="num">{formatNumber(row.quantity)}</td>
              <td className="num">
                {row.averageCost === null
                  ? formatPrice(null)
                  : `${formatPrice(row.averageCost)} ${row.currency}`}
              </td>
              <td className="num">{formatPrice(row.price)}</td>
              <td className="num">{money(row.marketValue, c)}</td>
              <td className="num">{money(row.costBasisValue, c)}</td>
              <td className="num">{money(row.unrealizedGain, c)}</td>
              <td className="num">{money(row.realizedGain, c)}</td>
              <td className="num">{money(row.dividends, c)}</td>
              <td className="num">{share(row.weight)}</td>
              <td>
                <ShariahVerdictCell cell={cellOf(row, summary.standard)} />
                {row.override && (
                  <span className="portfolio-override">
                    {' '}
                    Reviewer: <VerdictBadge verdict={row.override} />
                  </span>
                )}
              </td>
              <td>{row.missing.join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}
