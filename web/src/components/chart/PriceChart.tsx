import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { findMarketIndex, MARKET_INDEXES } from '@core/market/indexes';
import { TIMEFRAMES, type Timeframe } from '@core/market/timeframes';
import { ChangeText } from '../ChangeText';
import { useInView } from '../../lib/use-in-view';
import type { ChartMode } from './chart-config';
import { chartChange, shownSession } from './chart-points';
import { chartQuery, isIntraday, previousCloseQuery } from './chart-query';
import { SegmentedControl, type SegmentedOption } from '../segmented-control/SegmentedControl';
import './chart.css';

// chart.js and its plugins load with the first chart drawn, as a chunk of their own: '/' stays
// small (SPEC §2: lazy screens).
const ChartCanvas = lazy(() => import('./ChartCanvas'));

export interface PriceChartProps {
  readonly symbol: string;
  /** Name shown for the series (defaults to the symbol). */
  readonly label?: string;
  readonly currency?: string;
  readonly defaultTimeframe?: Timeframe;
  /** Offer "compare with an index" (the stock page does; an index's own chart does not). */
  readonly compareOptions?: boolean;
  readonly height?: number;
  /**
   * false: the listing has no prices at all yet (no quote; a stock just added), so an empty chart
   * says there is no history rather than that this period has none.
   */
  readonly priced?: boolean;
}

/** What an empty chart says, for a priced listing and for one without any prices yet. */
export const NO_BARS_TEXT = 'No price data for this period';
export const NO_PRICE_HISTORY_TEXT = 'There is no price history for this stock yet.';

const TIMEFRAME_OPTIONS: readonly SegmentedOption<Timeframe>[] = TIMEFRAMES.map((tf) => ({
  value: tf,
  label: tf,
}));

/** The interactive chart: 1D … ALL, line, candles or OHLC, volume, crosshair, index compare. */
export function PriceChart({
  symbol,
  label = symbol,
  currency,
  defaultTimeframe = '1D',
  compareOptions = false,
  height = 360,
  priced = true,
}: PriceChartProps) {
  const [timeframe, setTimeframe] = useState<Timeframe>(defaultTimeframe);
  const [mode, setMode] = useState<ChartMode>('line');
  const [compare, setCompare] = useState('');
  const compareIndex = compareOptions ? findMarketIndex(compare) : undefined;
  const bars = useQuery(chartQuery(symbol, timeframe));
  const compared = useQuery({
    ...chartQuery(compare, timeframe),
    enabled: compareIndex !== undefined,
  });
  const id = useId();
  const figure = useRef<HTMLElement>(null);
  // chart.js loads and draws only when the chart is about to be seen.
  const visible = useInView(figure);
  const session = timeframe === '1D' && bars.data ? shownSession(bars.data) : undefined;
  const previousClose = useQuery({
    ...previousCloseQuery(symbol, session ?? ''),
    enabled: session !== undefined,
  });
  const change = bars.data
    ? chartChange(bars.data, timeframe, previousClose.data ?? undefined)
    : undefined;
  const comparePoints = compareIndex && compared.data?.length ? compared.data : undefined;
  // Compared series are % lines; the chosen mode comes back when the comparison is cleared.
  const shownMode: ChartMode = compareIndex ? 'line' : mode;
  const modeOptions: readonly SegmentedOption<ChartMode>[] = [
    { value: 'line', label: 'Line' },
    { value: 'candles', label: 'Candles', disabled: compareIndex !== undefined },
    { value: 'ohlc', label: 'OHLC', disabled: compareIndex !== undefined },
  ];
  const box = { height };

  return (
    <figure ref={figure} className="price-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {label} price chart, {timeframe}
        {currency ? `, in ${currency}` : ''}
      </figcaption>
      <div className="chart-toolbar">
        <SegmentedControl
          label="Timeframe"
          options={TIMEFRAME_OPTIONS}
          value={timeframe}
          onChange={setTimeframe}
        />
        <SegmentedControl
          label="Chart type"
          options={modeOptions}
          value={shownMode}
          onChange={setMode}
        />
        {compareOptions && (
          <label className="chart-compare">
            Compare with
            <select value={compare} onChange={(e) => setCompare(e.target.value)}>
              <option value="">No index</option>
              {MARKET_INDEXES.filter((index) => index.symbol !== symbol).map((index) => (
                <option key={index.symbol} value={index.symbol}>
                  {index.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {change ? (
          <p className="chart-change">
            <ChangeText change={change.change} percent={change.percent} />
            <span className="muted"> {timeframe}</span>
          </p>
        ) : (
          // Holds the figure's place while the bars (and the 1D previous close) load, so the
          // toolbar does not wrap anew, nor the chart move down, when it comes.
          <p className="chart-change pending" aria-hidden="true">
            ▲ +0.00 (+0.00%) <span className="muted">{timeframe}</span>
          </p>
        )}
      </div>
      {compareIndex && (compared.isPending || compared.isError || !comparePoints) && (
        <p className="chart-note" role="status">
          {compared.isPending ? (
            `Loading ${compareIndex.name}…`
          ) : compared.isError ? (
            <>
              {compareIndex.name} could not be loaded.{' '}
              <button type="button" className="link-button" onClick={() => void compared.refetch()}>
                Retry
              </button>
            </>
          ) : (
            `No ${compareIndex.name} data for this period`
          )}
        </p>
      )}
      {bars.isPending || !visible ? (
        <ChartSkeleton height={height} />
      ) : bars.isError ? (
        <div className="chart-message" style={box} role="alert">
          <p>The chart could not be loaded.</p>
          <button type="button" className="button" onClick={() => void bars.refetch()}>
            Retry
          </button>
        </div>
      ) : bars.data.length === 0 ? (
        <div className="chart-message" style={box}>
          <p>{priced ? NO_BARS_TEXT : NO_PRICE_HISTORY_TEXT}</p>
        </div>
      ) : (
        <Suspense fallback={<ChartSkeleton height={height} />}>
          <ChartCanvas
            points={bars.data}
            mode={shownMode}
            intraday={isIntraday(timeframe)}
            label={label}
            currency={currency}
            compareLabel={comparePoints && compareIndex?.name}
            comparePoints={comparePoints}
            timeframe={timeframe}
            height={height}
          />
        </Suspense>
      )}
    </figure>
  );
}

/** The chart's box while bars or chart.js load: same height, so nothing below moves. */
function ChartSkeleton({ height }: { height: number }) {
  return (
    <div className="chart-skeleton" style={{ height }} role="status" aria-busy="true">
      <span className="visually-hidden">Loading chart…</span>
    </div>
  );
}
