import { formatNumber, MISSING_VALUE } from '../../../../core/format';

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const isPresent = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Share counts and volumes are whole numbers: 1234567 → '1,234,567'. */
export const formatCount = (value: number | null | undefined): string =>
  isPresent(value) ? WHOLE.format(value) : MISSING_VALUE;

/** '+1.23' / '-1.23' / '0.00': the sign is spelled out, so colour is never the only cue. */
export function formatSigned(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING_VALUE;
  const text = formatNumber(value);
  return value > 0 && text !== '0.00' ? `+${text}` : text;
}

/** '5.99 – 6.13'. */
export const formatRange = (low: number | null | undefined, high: number | null | undefined) =>
  isPresent(low) && isPresent(high)
    ? `${formatNumber(low)} – ${formatNumber(high)}`
    : MISSING_VALUE;

export type Direction = 'up' | 'down' | 'flat';

export function direction(change: number | null | undefined): Direction {
  if (!isPresent(change) || Math.abs(change) < 0.005) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** The profile's 52-week range 'low-high' as numbers (prices are positive, so '-' splits). */
export function parseRange(range: string | undefined): [number, number] | undefined {
  const [low, high] = (range ?? '').split('-').map(Number);
  return isPresent(low) && isPresent(high) ? [low, high] : undefined;
}
