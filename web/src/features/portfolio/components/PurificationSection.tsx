import { useRef } from 'react';
import { formatNumber } from '@core/format';
import { SHARIAH_STANDARD_NAMES } from '@core/market/shariah';
import { PURIFICATION_STANDARDS, type PurificationTotal } from '@core/portfolio/purification';
import type { PortfolioSummary } from '@core/portfolio/summary';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { isMissing, money, share } from '../lib/figures';
import { printSection } from '../lib/print-section';

function TotalsTable({
  label,
  keyName,
  totals,
  currency,
}: {
  readonly label: string;
  readonly keyName: string;
  readonly totals: readonly PurificationTotal[] | { readonly missing: string };
  readonly currency: string;
}) {
  if (isMissing(totals)) {
    return (
      <p className="portfolio-note">
        {label}: not computed. Missing: {totals.missing}.
      </p>
    );
  }
  const keys = [...new Set(totals.map((t) => t.key))];
  const find = (key: string, standard: string) =>
    totals.find((t) => t.key === key && t.standard === standard);
  return (
    <ScrollingTable label={label} className="data-table">
      <caption>
        {label}, in {currency}
      </caption>
      <thead>
        <tr>
          <th scope="col">{keyName}</th>
          {PURIFICATION_STANDARDS.map((s) => (
            <th key={s} scope="col" className="num">
              {SHARIAH_STANDARD_NAMES[s]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            {PURIFICATION_STANDARDS.map((s) => {
              const total = find(key, s);
              return (
                <td key={s} className="num">
                  {money(total?.amount, currency)}
                  {total && total.missingInputs > 0 && (
                    <span className="portfolio-missing">
                      {' '}
                      ({total.missingInputs} dividend{total.missingInputs === 1 ? '' : 's'} left
                      out: an input is missing)
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/**
 * For each dividend received, the amount to give away under each standard with a revenue screen:
 * the gross dividend times the company's non-permissible income share for the period it was
 * paid from, every input shown; where an input is missing the row says which. Totals per year
 * and per holding, and a printable report.
 */
export function PurificationSection({
  summary,
  name,
}: {
  readonly summary: PortfolioSummary;
  readonly name: string;
}) {
  const report = useRef<HTMLElement>(null);
  const { dividends, byYear, byHolding } = summary.purification;
  return (
    <section ref={report} className="portfolio-part" aria-labelledby="portfolio-purification">
      <div className="portfolio-part-head">
        <h4 id="portfolio-purification">Dividend purification</h4>
        {dividends.length > 0 && (
          <button type="button" className="button" onClick={() => printSection(report.current)}>
            Print purification report
          </button>
        )}
      </div>
      <p className="muted">
        {name}, as of {summary.today}. The amount to give away is the gross dividend (received plus
        tax withheld) times the company’s non-permissible income share for the fiscal period the
        dividend was paid from. The Dow Jones Islamic Market standard screens by industry and sets
        no such share.
      </p>
      {dividends.length === 0 ? (
        <p className="portfolio-note">No dividends entered yet.</p>
      ) : (
        <>
          <ScrollingTable label="Purification by dividend" className="data-table">
            <thead>
              <tr>
                <th scope="col">Dividend</th>
                <th scope="col">Standard</th>
                <th scope="col" className="num">
                  Received
                </th>
                <th scope="col" className="num">
                  Tax withheld
                </th>
                <th scope="col" className="num">
                  Gross
                </th>
                <th scope="col" className="num">
                  Non-permissible share
                </th>
                <th scope="col">Period ended</th>
                <th scope="col" className="num">
                  To give away
                </th>
              </tr>
            </thead>
            <tbody>
              {dividends.flatMap(({ dividend, gross, amounts }, at) =>
                amounts.map((a) => (
                  <tr key={`${at}-${a.standard}`}>
                    <th scope="row">
                      {dividend.symbol} {dividend.date}
                    </th>
                    <td>{SHARIAH_STANDARD_NAMES[a.standard]}</td>
                    <td className="num">{money(dividend.amount, dividend.currency)}</td>
                    <td className="num">{money(dividend.taxWithheld, dividend.currency)}</td>
                    <td className="num">{money(gross, dividend.currency)}</td>
                    {'missing' in a ? (
                      <td colSpan={3} className="portfolio-missing">
                        Missing: {a.missing}.
                      </td>
                    ) : (
                      <>
                        <td className="num">{share(a.share)}</td>
                        <td>{a.periodEnd}</td>
                        <td className="num">
                          {formatNumber(a.amount)} {dividend.currency}
                        </td>
                      </>
                    )}
                  </tr>
                )),
              )}
            </tbody>
          </ScrollingTable>
          <TotalsTable
            label="Purification by year"
            keyName="Year"
            totals={byYear}
            currency={summary.currency}
          />
          <TotalsTable
            label="Purification by holding"
            keyName="Holding"
            totals={byHolding}
            currency={summary.currency}
          />
        </>
      )}
    </section>
  );
}
