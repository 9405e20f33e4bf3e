import { formatPrice, MISSING_VALUE } from '@core/format';

const isPresent = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** '5.99 – 6.13'. */
export const formatRange = (low: number | null | undefined, high: number | null | undefined) =>
  isPresent(low) && isPresent(high) ? `${formatPrice(low)} – ${formatPrice(high)}` : MISSING_VALUE;

/** The profile's 52-week range 'low-high' as numbers (prices are positive, so '-' splits). */
export function parseRange(range: string | undefined): [number, number] | undefined {
  const [low, high] = (range ?? '').split('-').map(Number);
  return isPresent(low) && isPresent(high) ? [low, high] : undefined;
}
