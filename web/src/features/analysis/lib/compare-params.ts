import { symbolSchema } from '@core/api/asset';
import { DEFAULT_COMPARE_RANGE, isCompareRange, type CompareRange } from '@core/market/compare';
import { findMarketIndex } from '@core/market/indexes';

/** The benchmark a new comparison starts with: the broad US market. */
export const DEFAULT_BENCHMARK = '^GSPC';
/** `benchmark=` (empty) in the address: no index on the chart. */
export const NO_BENCHMARK = '';

/** A comparison as its address holds it (?symbols=A,B,C&range=1Y&benchmark=^GSPC). */
export interface CompareParams {
  readonly symbols: readonly string[];
  readonly range: CompareRange;
  readonly benchmark: string;
}

/**
 * The comparison in the address, so it can be shared and survives a reload. Unusable parts fall
 * back rather than fail: a malformed or repeated symbol is left out, an unknown range or index
 * means the default one.
 */
export function readCompareParams(search: URLSearchParams): CompareParams {
  const symbols: string[] = [];
  for (const text of (search.get('symbols') ?? '').split(',')) {
    const parsed = symbolSchema.safeParse(text.trim());
    if (parsed.success && !symbols.includes(parsed.data)) symbols.push(parsed.data);
  }
  const range = search.get('range');
  const benchmark = search.get('benchmark');
  return {
    symbols,
    range: isCompareRange(range) ? range : DEFAULT_COMPARE_RANGE,
    benchmark:
      benchmark === null
        ? DEFAULT_BENCHMARK
        : benchmark === NO_BENCHMARK || findMarketIndex(benchmark)
          ? benchmark
          : DEFAULT_BENCHMARK,
  };
}

/** A symbol or index as the address shows it: ',' and '^' stay readable (both are legal there). */
const readable = (text: string) =>
  encodeURIComponent(text).replaceAll('%2C', ',').replaceAll('%5E', '^');

/**
 * The address's query of a comparison, '?symbols=A,B&range=1Y&benchmark=^GSPC': every part
 * written, so a shared link means the same to everyone whatever the defaults become.
 */
export function compareSearch({ symbols, range, benchmark }: CompareParams): string {
  const parts = symbols.length > 0 ? [`symbols=${readable(symbols.join(','))}`] : [];
  parts.push(`range=${range}`, `benchmark=${readable(benchmark)}`);
  return `?${parts.join('&')}`;
}
