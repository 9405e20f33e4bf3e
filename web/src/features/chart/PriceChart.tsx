import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { formatNumber, formatPercent } from '../../../../core/format';
import { MARKET_INDEXES } from '../../../../core/market/indexes';
import { TIMEFRAMES, type Timeframe } from '../../../../core/market/timeframes';
import { useInView } from '../../lib/use-in-view';
import { periodChange } from './chart-data';
import { chartQuery, isIntraday } from './chart-query';
import type { ChartMode } from './ChartCanvas';
import './chart.css';

// chart.js and its plugins load with the first chart, not with the page (SPEC §2: lazy screens).
const ChartCanvas = lazy(() => import('./ChartCanvas'));

export interface PriceChartProps {
  readonly symbol: string;
  readonly label?: string;
  readonly currency?: string;
  readonly defaultTimeframe?: Timeframe;
  /** Offer "compare with an index" (the stock page does; an index chart does not). */
  readonly compareOptions?: boolean;
  readonly height?: number;
}

/** The interactive chart: 1D … ALL, line or candles, volume, crosshair, compare with an index. */
export function PriceChart({
  symbol,
  label = symbol,
  currency,
  defaultTimeframe = '1D',
  compareOptions = false,
  height = 360,
}: PriceChartProps) {
  const [timeframe, setTimeframe] = useState<Timeframe>(defaultTimeframe);
  const [mode, setMode] = useState<ChartMode>('line');
  const [compare, setCompare] = useState('');
  const bars = useQuery(chartQuery(symbol, timeframe));
  const compared = useQuery({ ...chartQuery(compare, timeframe), enabled: compare !== '' });
  const id = useId();
  const figure = useRef<HTMLElement>(null);
  // chart.js loads and draws only when the chart is about to be seen.
  const visible = useInView(figure);
  const change = bars.data ? periodChange(bars.data) : undefined;
  const compareIndex = MARKET_INDEXES.find((i) => i.symbol === compare);

  return (
    <figure ref={figure} className="price-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {label} price chart, {timeframe}
      </figcaption>
      <div className="chart-toolbar">
        <div role="radiogroup" aria-label="Timeframe" className="segmented">
          {TIMEFRAMES.map((tf) => (
            <button
              key={tf}
              type="button"
              role="radio"
              aria-checked={tf === timeframe}
              className={tf === timeframe ? 'active' : undefined}
              onClick={() => setTimeframe(tf)}
            >
              {tf}
            </button>
          ))}
        </div>
        <div role="radiogroup" aria-label="Chart type" className="segmented">
          {(['line', 'candles'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={m === mode}
              className={m === mode ? 'active' : undefined}
              onClick={() => setMode(m)}
              disabled={compare !== '' && m === 'candles'}
            >
              {m === 'line' ? 'Line' : 'Candles'}
            </button>
          ))}
        </div>
        {compareOptions && (
          <label className="chart-compare">
            Compare with
            <select value={compare} onChange={(e) => setCompare(e.target.value)}>
              <option value="">—</option>
              {MARKET_INDEXES.map((index) => (
                <option key={index.symbol} value={index.symbol}>
                  {index.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {change && (
          <p className={change.change >= 0 ? 'chart-change up' : 'chart-change down'}>
            {change.change >= 0 ? '▲ +' : '▼ '}
            {formatNumber(change.change)} ({formatPercent(change.percent, { signed: true })})
            <span className="muted"> {timeframe}</span>
          </p>
        )}
      </div>
      {bars.isPending || !visible ? (
        <div className="chart-skeleton" style={{ height }} aria-busy="true">
          Loading chart…
        </div>
      ) : bars.isError ? (
        <div className="chart-message" style={{ height }} role="alert">
          <p>The chart could not be loaded.</p>
          <button type="button" className="button" onClick={() => void bars.refetch()}>
            Retry
          </button>
        </div>
      ) : bars.data.length === 0 ? (
        <div className="chart-message" style={{ height }}>
          No price data for this period
        </div>
      ) : (
        <Suspense
          fallback={
            <div className="chart-skeleton" style={{ height }} aria-busy="true">
              Loading chart…
            </div>
          }
        >
          <ChartCanvas
            points={bars.data}
            mode={mode}
            intraday={isIntraday(timeframe)}
            label={currency ? `${label} (${currency})` : label}
            height={height}
            {...(compareIndex && compared.data
              ? { compare: { label: compareIndex.name, points: compared.data } }
              : {})}
          />
        </Suspense>
      )}
    </figure>
  );
}
