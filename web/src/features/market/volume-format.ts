import { MISSING_VALUE } from '../../../../core/format';

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** Shares traded, short enough for a table cell: 987 → '987', 414918 → '414.92K', 4.89M, 1.2B. */
export function formatVolume(volume: number | null | undefined): string {
  return typeof volume === 'number' && Number.isFinite(volume)
    ? COMPACT.format(volume)
    : MISSING_VALUE;
}
