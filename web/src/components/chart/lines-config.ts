import type { ChartConfiguration } from 'chart.js';
import { formatNumber } from '@core/format';
import type { ChartPlan, Tooltip } from './chart-config';
import { parseBarDate } from './chart-points';
import type { ChartTheme } from './chart-theme';

/** One line of a lines chart, its style resolved (colours are plain data: they cross to a worker). */
export interface LineSeries {
  readonly label: string;
  /** One value per date; null where the series has none (drawn as a gap). */
  readonly values: readonly (number | null)[];
  readonly color: string;
  /** chart.js borderDash; [] is solid. */
  readonly dash: readonly number[];
  readonly width: number;
}

export interface LinesInput {
  /** 'YYYY-MM-DD', oldest first: the x of every series' values. */
  readonly dates: readonly string[];
  readonly series: readonly LineSeries[];
  readonly theme: ChartTheme;
}

/**
 * The chart.js configuration for lines on one time axis (the analysis page's rebased performance):
 * a tooltip with every series at the date under the pointer. Pure, like the price chart's
 * buildChartConfig, so the chart host builds it in the chart worker from plain data.
 */
export function buildLinesConfig({ dates, series, theme }: LinesInput): ChartPlan {
  const xs = dates.map(parseBarDate);
  const describe = (item: unknown): Tooltip => {
    const { x } = item as { x: number };
    const at = xs.indexOf(x);
    return {
      title: dates[at] ?? '',
      lines: series.map((s) => `${s.label}: ${formatNumber(s.values[at])}`),
    };
  };
  const config = {
    type: 'line',
    data: {
      datasets: series.map((s) => ({
        label: s.label,
        data: s.values.map((y, i) => ({ x: xs[i]!, y })),
        borderColor: s.color,
        backgroundColor: s.color,
        borderDash: [...s.dash],
        borderWidth: s.width,
        pointRadius: 0,
        pointHoverRadius: 3,
        spanGaps: false,
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          type: 'time',
          ticks: { color: theme.muted, maxTicksLimit: 8 },
          grid: { color: theme.grid },
        },
        y: { ticks: { color: theme.muted }, grid: { color: theme.grid } },
      },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) =>
              `${item.dataset.label ?? ''}: ${formatNumber(item.parsed.y)}`,
          },
        },
      },
    },
  } as unknown as ChartConfiguration;
  return { config, drawn: series.length, describe, interaction: 'index' };
}
