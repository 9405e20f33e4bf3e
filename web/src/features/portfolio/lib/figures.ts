import { formatNumber, formatPercent } from '@core/format';

/** An amount in the portfolio's currency: '1,234.50 USD'; '—' when it could not be computed. */
export const money = (value: number | null | undefined, currency: string): string =>
  value === null || value === undefined
    ? formatNumber(value)
    : `${formatNumber(value)} ${currency}`;

/** A fraction as a percentage: 0.1234 → '12.34%'. */
export const share = (value: number | null | undefined): string =>
  formatPercent(value, { ratio: true });

/** A return as a signed percentage: 0.1234 → '+12.34%'. */
export const signedShare = (value: number | null | undefined): string =>
  formatPercent(value, { ratio: true, signed: true });

/** A figure the summary could not compute: `{ missing }` names the input it lacks. */
export const isMissing = (value: unknown): value is { readonly missing: string } =>
  typeof value === 'object' && value !== null && 'missing' in value;
