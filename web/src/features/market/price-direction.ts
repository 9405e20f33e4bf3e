import { formatNumber, formatPercent, MISSING_VALUE } from '../../../../core/format';

export type Direction = 'up' | 'down' | 'flat';

/**
 * Which way a change went, judged on the two decimals shown: a change that prints as 0.00 (or a
 * missing one) is neither a gain nor a loss, so '+0.00' in green never appears.
 */
export function priceDirection(change: number | null | undefined): Direction {
  const shown = formatNumber(change);
  if (shown === MISSING_VALUE || shown === '0.00') return 'flat';
  return (change ?? 0) > 0 ? 'up' : 'down';
}

/** Arrows repeat the sign for a quick scan; screen readers get the sign alone. */
export const DIRECTION_ARROW: Readonly<Record<Direction, string>> = {
  up: '▲',
  down: '▼',
  flat: '■',
};

/**
 * '+12.34' / '-12.34' / '0.00': the sign is in the text, so a gain and a loss differ without
 * colour (WCAG 1.4.1).
 */
export function signedNumber(value: number | null | undefined): string {
  const text = formatNumber(value);
  return text !== MISSING_VALUE && priceDirection(value) === 'up' ? `+${text}` : text;
}

/** '+1.23%' / '-1.23%' / '0.00%' for a percent value (the provider's changesPercentage). */
export const signedPercent = (value: number | null | undefined): string =>
  formatPercent(value, { signed: true });
