import { formatPercent, formatPrice, formatShares } from '@core/format';
import type { Granularity } from './aggregate';
import type { ChartPoint } from './chart-points';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date of a bar as the exchange printed it (x holds its wall-clock as local time): §9
 * YYYY-MM-DD, with HH:mm for intraday bars, 'Week of …' or YYYY-MM for aggregated candles.
 */
export function barTime(x: number, granularity: Granularity, intraday: boolean): string {
  const d = new Date(x);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  if (granularity === 'week') return `Week of ${day}`;
  if (granularity === 'month') return day.slice(0, 7);
  return intraday ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}` : day;
}

/** The crosshair tooltip's body for one bar: OHLC and volume. */
export function barLines(bar: ChartPoint, currency?: string): string[] {
  const unit = currency ? ` ${currency}` : '';
  return [
    `Open ${formatPrice(bar.o)}${unit}`,
    `High ${formatPrice(bar.h)}${unit}`,
    `Low ${formatPrice(bar.l)}${unit}`,
    `Close ${formatPrice(bar.c)}${unit}`,
    `Volume ${formatShares(bar.v)}`,
  ];
}

/** Compare mode: each series' % change since the common start, then the bar itself. */
export function compareLines(
  bar: ChartPoint,
  series: readonly { readonly label: string; readonly percent: number | undefined }[],
  currency?: string,
): string[] {
  return [
    ...series.map((s) => `${s.label} ${formatPercent(s.percent, { signed: true })}`),
    ...barLines(bar, currency),
  ];
}

/** The whole tooltip as one line of text (the keyboard crosshair's live region reads it). */
export const tooltipSentence = (title: string, lines: readonly string[]): string =>
  [title, ...lines].join(', ');
