import { lazy, Suspense, useId, useMemo } from 'react';
import { formatNumber, formatPercent } from '@core/format';
import {
  COMPARE_RANGES,
  compareRangeStart,
  lastLevel,
  rebaseToCommonStart,
  type CompareRange,
} from '@core/market/compare';
import { findMarketIndex, MARKET_INDEXES } from '@core/market/indexes';
import { QueryState } from '../../../components/QueryState';
import { barDate, type ChartPoint } from '../../../components/chart/chart-points';
import { SegmentedControl } from '../../../components/segmented-control/SegmentedControl';
import { useComparedBars } from '../api/compare-queries';
import { NO_BENCHMARK } from '../lib/compare-params';
import {
  benchmarkStyle,
  stockStyle,
  type SeriesStyle,
} from '../../../components/chart/series-styles';
import type { DrawnSeries } from '../../../components/chart/LinesCanvas';

const PerformanceCanvas = lazy(() => import('../../../components/chart/LinesCanvas'));

const RANGE_OPTIONS = COMPARE_RANGES.map((value) => ({ value, label: value }));
const HEIGHT = 320;
// The page's own muted colour, as the canvas reads it for the benchmark's line.
const BENCHMARK_SWATCH = benchmarkStyle({ muted: 'var(--muted)' });

const closes = (points: readonly ChartPoint[]) =>
  points.map((p) => ({ date: barDate(p.x), close: p.c }));

/** A legend swatch: the line's colour and dash, as drawn. */
function Swatch({ style }: { readonly style: SeriesStyle }) {
  return (
    <svg className="series-swatch" width="28" height="10" aria-hidden="true">
      <line
        x1="0"
        y1="5"
        x2="28"
        y2="5"
        style={{ stroke: style.color }}
        strokeWidth="2.5"
        strokeDasharray={style.dash.join(' ')}
      />
    </svg>
  );
}

/**
 * The stocks' (and the benchmark's) performance over the range, each rebased to 100 on the first
 * day they all traded. The table under the chart is its legend and its text alternative: each
 * line's level at the end and its change over the range.
 */
export function PerformanceChart({
  symbols,
  range,
  benchmark,
  now,
  onRange,
  onBenchmark,
}: {
  readonly symbols: readonly string[];
  readonly range: CompareRange;
  readonly benchmark: string;
  readonly now: number;
  readonly onRange: (range: CompareRange) => void;
  readonly onBenchmark: (benchmark: string) => void;
}) {
  const id = useId();
  const index = findMarketIndex(benchmark);
  const drawn = useMemo(() => (index ? [...symbols, index.symbol] : symbols), [symbols, index]);
  const bars = useComparedBars(drawn);
  const from = compareRangeStart(range, new Date(now));
  const comparison = useMemo(
    () =>
      bars.data &&
      rebaseToCommonStart(
        bars.data.map((b) => closes(b ?? [])),
        from,
      ),
    [bars.data, from],
  );
  const series = useMemo(
    (): DrawnSeries[] =>
      drawn.map((symbol, at) => ({
        label: index && at === symbols.length ? index.name : symbol,
        values: comparison?.values[at] ?? [],
        style: index && at === symbols.length ? 'benchmark' : stockStyle(at),
      })),
    [drawn, index, symbols.length, comparison],
  );

  return (
    <section className="analysis-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Performance</h2>
      <div className="analysis-toolbar">
        <SegmentedControl label="Range" options={RANGE_OPTIONS} value={range} onChange={onRange} />
        <label className="analysis-benchmark">
          Benchmark{' '}
          <select value={benchmark} onChange={(e) => onBenchmark(e.target.value)}>
            <option value={NO_BENCHMARK}>None</option>
            {MARKET_INDEXES.map((i) => (
              <option key={i.symbol} value={i.symbol}>
                {i.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={{ ...bars, data: bars.data === undefined ? undefined : comparison }}
        what="price history"
        empty="No price history for these stocks."
        lines={6}
      >
        {({ base, dates }) =>
          base === undefined ? (
            <p className="muted">
              These stocks have no trading day in common in this range: pick a longer range.
            </p>
          ) : (
            <figure className="performance-figure">
              <Suspense fallback={<div style={{ height: HEIGHT }} />}>
                <PerformanceCanvas
                  dates={dates}
                  series={series}
                  height={HEIGHT}
                  describedBy={`${id}-summary`}
                  label={`Performance chart, ${range}: ${series.map((s) => s.label).join(', ')}, rebased to 100 on ${base}.`}
                />
              </Suspense>
              <table id={`${id}-summary`} className="analysis-table performance-summary">
                <caption>
                  Rebased to 100 on {base}; level on {dates.at(-1)} and change over {range}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Series</th>
                    <th scope="col">Level</th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {series.map((s) => {
                    const level = lastLevel(s.values);
                    return (
                      <tr key={s.label}>
                        <th scope="row">
                          <Swatch style={s.style === 'benchmark' ? BENCHMARK_SWATCH : s.style} />
                          {s.label}
                        </th>
                        <td>{formatNumber(level)}</td>
                        <td>
                          {formatPercent(level === undefined ? null : (level - 100) / 100, {
                            ratio: true,
                            signed: true,
                          })}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </figure>
          )
        }
      </QueryState>
    </section>
  );
}
