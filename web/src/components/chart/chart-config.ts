import type { ChartConfiguration, ChartDataset, ScaleOptions } from 'chart.js';
import { formatNumber, formatPercent } from '@core/format';
import { candlesFor, type Granularity } from './aggregate';
import { withAlpha, type ChartTheme } from './chart-theme';
import { nearestIndex, type ChartPoint } from './chart-points';
import { crosshairPlugin } from './crosshair';
import { lineDecimation } from './decimation';
import { rebasePair, type RebasedPoint } from './rebase';
import { axisUnit, boundaryTicks } from './time-axis';
import { barLines, barTime, compareLines } from './tooltip-text';

export type ChartMode = 'line' | 'candles' | 'ohlc';

export interface ChartInput {
  /** Oldest first. */
  readonly points: readonly ChartPoint[];
  readonly mode: ChartMode;
  readonly intraday: boolean;
  readonly label: string;
  readonly currency?: string;
  /** Another series (an index): both are then drawn as lines of % change from a common start. */
  readonly compare?: { readonly label: string; readonly points: readonly ChartPoint[] };
  readonly theme: ChartTheme;
  /** The canvas's width in CSS px: how far a long line is decimated. */
  readonly width: number;
}

export interface Tooltip {
  readonly title: string;
  readonly lines: string[];
}

export interface ChartPlan {
  readonly config: ChartConfiguration;
  /** Bars (line points or candles) the price series draws; of a lines chart, its series. */
  readonly drawn: number;
  /** What a bar of the price series is (a data item of dataset 0). */
  readonly describe: (item: unknown) => Tooltip;
  /**
   * What the pointer picks: the price series' bar under it (priceBar), or every series' point at
   * its date (index).
   */
  readonly interaction: 'priceBar' | 'index';
}

/** A line point with the bar it stands for (the tooltip shows the bar's OHLC and volume). */
type LineDatum = { readonly x: number; readonly y: number; readonly bar: ChartPoint };

const isLineDatum = (item: unknown): item is LineDatum =>
  typeof item === 'object' && item !== null && 'bar' in item;

// 24-hour clock and §9-like dates on the axis (the adapter's defaults are US 12-hour).
const DISPLAY_FORMATS = {
  minute: 'HH:mm',
  hour: 'HH:mm',
  day: 'MMM d',
  week: 'MMM d',
  month: 'MMM yyyy',
  quarter: 'MMM yyyy',
  year: 'yyyy',
};

/** Percentage of the series at x, when x lies within it. */
function percentAt(series: readonly RebasedPoint[], x: number): number | undefined {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last || x < first.x || x > last.x) return undefined;
  return series[nearestIndex(series.length, (i) => series[i]!.x, x)]?.y;
}

/**
 * The chart.js configuration for a price chart: price (line, candles or OHLC) over a volume
 * panel, the crosshair, decimation of long lines and aggregation of long candle series. Pure: the
 * theme and width come in, so it is tested without a canvas.
 */
export function buildChartConfig(input: ChartInput): ChartPlan {
  const { theme, intraday, currency } = input;
  const comparing = input.compare !== undefined;
  const financial = !comparing && input.mode !== 'line';
  const pair = input.compare ? rebasePair(input.points, input.compare.points) : undefined;
  // Compared series start together, so the volume panel starts there too.
  const shown = pair ? pair.primary.map((p) => p.bar) : input.points;
  const candles = candlesFor(shown);
  const decimation = lineDecimation(shown.length, input.width);
  // chart.js decimates only on a 'time' axis; otherwise 'timeseries' lets nights and weekends
  // take no room. Two exchanges' series need the shared calendar of 'time'.
  const timeAxis = comparing || (!financial && decimation.enabled);
  const granularity: Granularity = financial ? candles.granularity : 'bar';

  const describe = (item: unknown): Tooltip => {
    const bar = (isLineDatum(item) ? item.bar : item) as ChartPoint;
    const title = barTime(bar.x, granularity, intraday);
    if (!pair || !input.compare || !isLineDatum(item))
      return { title, lines: barLines(bar, currency) };
    const series = [
      { label: input.label, percent: item.y },
      { label: input.compare.label, percent: percentAt(pair.other, item.x) },
    ];
    return { title, lines: compareLines(bar, series, currency) };
  };

  const lineStyle = { borderWidth: 1.5, pointRadius: 0, pointHoverRadius: 3, yAxisID: 'y' };
  const datasets: ChartDataset[] = [];
  if (pair && input.compare) {
    datasets.push(
      {
        type: 'line',
        label: input.label,
        data: pair.primary as unknown as { x: number; y: number }[],
        borderColor: theme.accent,
        pointHoverBackgroundColor: theme.accent,
        ...lineStyle,
      },
      {
        type: 'line',
        label: input.compare.label,
        data: pair.other as unknown as { x: number; y: number }[],
        borderColor: theme.muted,
        borderDash: [5, 3],
        ...lineStyle,
      },
    );
  } else if (financial) {
    const colors = { up: theme.up, down: theme.down, unchanged: theme.muted };
    datasets.push({
      type: input.mode === 'ohlc' ? 'ohlc' : 'candlestick',
      label: input.label,
      data: candles.bars as ChartPoint[],
      borderColors: colors,
      backgroundColors: colors,
      yAxisID: 'y',
    } as ChartDataset<'candlestick'>);
  } else {
    datasets.push({
      type: 'line',
      label: input.label,
      data: shown.map((bar): LineDatum => ({ x: bar.x, y: bar.c, bar })) as {
        x: number;
        y: number;
      }[],
      borderColor: theme.accent,
      pointHoverBackgroundColor: theme.accent,
      backgroundColor: withAlpha(theme.accent, 0.12),
      fill: 'start',
      ...lineStyle,
    });
  }
  // Volume as two single-coloured series (up days, down days) drawn in the same slots: with one
  // colour per series chart.js resolves a bar's options once and shares them, where a colour per
  // bar made it resolve each of a day's ~400 bars on its own (the first draw's largest cost).
  for (const [label, up] of [
    ['Volume', true],
    ['Volume (down)', false],
  ] as const) {
    datasets.push({
      type: 'bar',
      label,
      data: candles.bars.filter((b) => b.c >= b.o === up).map((b) => ({ x: b.x, y: b.v })),
      backgroundColor: withAlpha(up ? theme.up : theme.down, 0.45),
      barPercentage: 1,
      categoryPercentage: 1,
      grouped: false,
      yAxisID: 'volume',
    });
  }

  const unit = axisUnit((shown.at(-1)?.x ?? 0) - (shown[0]?.x ?? 0));
  const x: ScaleOptions<'time'> = {
    type: timeAxis ? 'time' : 'timeseries',
    offset: financial,
    time: {
      unit,
      displayFormats: DISPLAY_FORMATS,
    },
    ticks: { color: theme.muted, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 },
    afterBuildTicks: (axis: { ticks: { value: number }[] }) => {
      axis.ticks = boundaryTicks(axis.ticks, unit);
    },
    grid: { display: false },
    border: { color: theme.grid },
  } as ScaleOptions<'time'>;

  const config = {
    type: 'line',
    data: { datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      // Points come as {x, y} / {x, o, h, l, c} already; parsing off is also what lets chart.js
      // decimate.
      parsing: false,
      normalized: true,
      interaction: { mode: 'priceBar', intersect: false },
      scales: {
        x,
        y: {
          position: 'right',
          stack: 'price',
          stackWeight: 4,
          ticks: {
            color: theme.muted,
            callback: (value: number | string) =>
              comparing
                ? formatPercent(Number(value), { signed: true })
                : formatNumber(Number(value)),
          },
          grid: { color: theme.grid },
          border: { display: false },
          title: {
            display: !comparing && Boolean(currency),
            text: currency ?? '',
            color: theme.muted,
          },
        },
        volume: {
          position: 'right',
          stack: 'price',
          stackWeight: 1,
          offset: true,
          beginAtZero: true,
          ticks: { display: false },
          grid: { display: false },
          border: { display: false },
        },
      },
      plugins: {
        decimation: {
          enabled: !financial && decimation.enabled,
          algorithm: 'lttb',
          samples: decimation.samples,
          threshold: decimation.threshold,
        },
        tooltip: {
          displayColors: false,
          backgroundColor: theme.surface,
          titleColor: theme.fg,
          bodyColor: theme.fg,
          borderColor: theme.grid,
          borderWidth: 1,
          callbacks: {
            title: (items: { raw: unknown }[]) => (items[0] ? describe(items[0].raw).title : ''),
            label: (item: { raw: unknown }) => describe(item.raw).lines,
          },
        },
      },
    },
    plugins: [crosshairPlugin(theme.muted)],
  } as unknown as ChartConfiguration;

  return {
    config,
    drawn: financial ? candles.bars.length : decimation.drawn,
    describe,
    interaction: 'priceBar',
  };
}
