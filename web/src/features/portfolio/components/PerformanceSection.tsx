import { lazy, Suspense, useId, useMemo } from 'react';
import { findMarketIndex } from '@core/market/indexes';
import type { PortfolioSummary } from '@core/portfolio/summary';
import { ScrollingTable } from '../../../components/ScrollingTable';
import type { DrawnSeries } from '../../../components/chart/LinesCanvas';
import { isMissing, money, signedShare } from '../lib/figures';

// chart.js draws it in the chart worker, in a chunk loaded only when shown.
const LinesCanvas = lazy(() => import('../../../components/chart/LinesCanvas'));

const HEIGHT = 240;
const VALUE_STYLE = { color: '#0072b2', dash: [] } as const;

const PERIOD_NAMES: Readonly<Record<string, string>> = {
  '1M': 'One month',
  YTD: 'Year to date',
  '1Y': 'One year',
  '3Y': 'Three years',
  ALL: 'Since the first transaction',
};

/**
 * The portfolio's value over time (a chart, with the periods' table as its text alternative) and
 * its returns per period: time-weighted, money-weighted (XIRR, a yearly rate) and the
 * benchmark's price return over the same days.
 */
export function PerformanceSection({ summary }: { readonly summary: PortfolioSummary }) {
  const id = useId();
  const c = summary.currency;
  const points = summary.valueSeries;
  const series = useMemo((): DrawnSeries[] | undefined => {
    if (isMissing(points) || points.length < 2) return undefined;
    return [{ label: `Value (${c})`, values: points.map((p) => p.value), style: VALUE_STYLE }];
  }, [points, c]);
  const dates = useMemo(() => (isMissing(points) ? [] : points.map((p) => p.date)), [points]);
  const benchmark = summary.benchmark.symbol
    ? (findMarketIndex(summary.benchmark.symbol)?.name ?? summary.benchmark.symbol)
    : undefined;
  const first = isMissing(points) ? undefined : points[0];
  const last = isMissing(points) ? undefined : points.at(-1);

  return (
    <section className="portfolio-part" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Performance</h4>
      {isMissing(summary.performance) ? (
        <p className="portfolio-note">
          No value over time or returns. Missing: {summary.performance.missing}.
        </p>
      ) : (
        <>
          {series && first && last && (
            <figure className="portfolio-figure">
              <Suspense fallback={<div style={{ height: HEIGHT }} />}>
                <LinesCanvas
                  dates={dates}
                  series={series}
                  height={HEIGHT}
                  describedBy={`${id}-summary`}
                  label={`Value of the portfolio from ${first.date} to ${last.date}, in ${c}.`}
                />
              </Suspense>
              <figcaption id={`${id}-summary`}>
                The value went from {money(first.value, c)} on {first.date} to{' '}
                {money(last.value, c)} on {last.date}. The table below gives each period’s values
                and returns.
              </figcaption>
            </figure>
          )}
          {summary.benchmark.missing && (
            <p className="portfolio-note">
              No benchmark return. Missing: {summary.benchmark.missing}.
            </p>
          )}
          <ScrollingTable label="Returns by period" className="data-table">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">From</th>
                <th scope="col" className="num">
                  Start value
                </th>
                <th scope="col" className="num">
                  End value
                </th>
                <th scope="col" className="num">
                  Money in less out
                </th>
                <th scope="col" className="num">
                  Time-weighted return
                </th>
                <th scope="col" className="num">
                  Money-weighted return (yearly)
                </th>
                {benchmark && (
                  <th scope="col" className="num">
                    {benchmark}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {summary.performance.map((p) => (
                <tr key={p.period}>
                  <th scope="row">
                    <abbr title={PERIOD_NAMES[p.period]}>{p.period}</abbr>
                  </th>
                  <td>{p.from}</td>
                  <td className="num">{money(p.startValue, c)}</td>
                  <td className="num">{money(p.endValue, c)}</td>
                  <td className="num">{money(p.netFlow, c)}</td>
                  <td className="num">{signedShare(p.timeWeightedReturn)}</td>
                  <td className="num">{signedShare(p.moneyWeightedReturn)}</td>
                  {benchmark && <td className="num">{signedShare(p.benchmarkReturn)}</td>}
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </>
      )}
    </section>
  );
}
