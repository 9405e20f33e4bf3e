import { SHARIAH_STANDARD_NAMES, SHARIAH_STANDARDS, VERDICT_TEXT } from '@core/market/shariah';
import type { ShariahVerdict } from '@core/market/shariah';
import { ALLOCATION_KEYS, UNKNOWN_SLICE, type AllocationKey } from '@core/portfolio/allocation';
import type { PortfolioSummary } from '@core/portfolio/summary';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { money, share } from '../lib/figures';

const KEY_NAMES: Readonly<Record<AllocationKey, string>> = {
  sector: 'By sector',
  country: 'By country',
  currency: 'By currency',
  verdict: 'By Shariah verdict',
};

const COLUMN_NAMES: Readonly<Record<AllocationKey, string>> = {
  sector: 'Sector',
  country: 'Country',
  currency: 'Currency',
  verdict: 'Verdict',
};

const VERDICTS: readonly ShariahVerdict[] = ['compliant', 'questionable', 'non-compliant'];

const sliceLabel = (key: AllocationKey, label: string): string => {
  if (label === UNKNOWN_SLICE) return key === 'verdict' ? 'Not screened' : 'Unknown';
  return key === 'verdict' ? (VERDICT_TEXT[label as ShariahVerdict] ?? label) : label;
};

/**
 * Where the value is: its split by sector, country, currency and verdict (the user's standard),
 * and the share of value Compliant, Questionable and Non-compliant under each of the six standards.
 */
export function AllocationSection({ summary }: { readonly summary: PortfolioSummary }) {
  const c = summary.currency;
  return (
    <section className="portfolio-part" aria-labelledby="portfolio-allocation">
      <h4 id="portfolio-allocation">Allocation</h4>
      <div className="portfolio-allocation">
        {ALLOCATION_KEYS.map((key) => (
          <ScrollingTable key={key} label={KEY_NAMES[key]} className="data-table">
            <caption>{KEY_NAMES[key]}</caption>
            <thead>
              <tr>
                <th scope="col">{COLUMN_NAMES[key]}</th>
                <th scope="col" className="num">
                  Value
                </th>
                <th scope="col" className="num">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.allocation[key].map((slice) => (
                <tr key={slice.label}>
                  <th scope="row">{sliceLabel(key, slice.label)}</th>
                  <td className="num">{money(slice.value, c)}</td>
                  <td className="num">{share(slice.share)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        ))}
      </div>
      <h4 id="portfolio-compliance">Shariah compliance of the portfolio</h4>
      <ScrollingTable label="Compliance by standard" className="data-table">
        <caption>Share of the portfolio’s value under each standard</caption>
        <thead>
          <tr>
            <th scope="col">Standard</th>
            {VERDICTS.map((v) => (
              <th key={v} scope="col" className="num">
                {VERDICT_TEXT[v]}
              </th>
            ))}
            <th scope="col" className="num">
              Not screened
            </th>
          </tr>
        </thead>
        <tbody>
          {SHARIAH_STANDARDS.map((standard) => {
            const split = summary.compliance[standard];
            return (
              <tr key={standard} data-standard={standard}>
                <th scope="row">
                  {SHARIAH_STANDARD_NAMES[standard]}
                  {standard === summary.standard && ' (yours)'}
                </th>
                {VERDICTS.map((v) => (
                  <td key={v} className="num">
                    {share(split[v])}
                  </td>
                ))}
                <td className="num">{share(split[UNKNOWN_SLICE])}</td>
              </tr>
            );
          })}
        </tbody>
      </ScrollingTable>
    </section>
  );
}
