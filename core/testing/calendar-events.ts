import {
  earningsSurprise,
  type DividendEvent,
  type EarningsEvent,
  type SplitEvent,
} from '../market/calendar';

/** A quarterly report against an estimate of 1, its surprise computed as the source does. */
export const earningsEvent = (symbol: string, date: string, eps: number | null): EarningsEvent => ({
  kind: 'earnings',
  symbol,
  date,
  fiscalDateEnding: '2026-09-30',
  epsEstimated: 1,
  eps,
  ...earningsSurprise(eps, 1),
  currency: 'USD',
});

/** A quarterly dividend with every date known, for tests; fields overridable. */
export const dividendEvent = (overrides: Partial<DividendEvent> = {}): DividendEvent => ({
  kind: 'dividend',
  symbol: 'ACME',
  date: '2026-11-10',
  declarationDate: '2026-10-20',
  recordDate: '2026-11-11',
  paymentDate: '2026-11-25',
  dividend: 0.24,
  yield: 1.5,
  frequency: 4,
  currency: 'USD',
  ...overrides,
});

/** A numerator-for-denominator split (2-for-1 unless told). */
export const splitEvent = (
  symbol: string,
  date: string,
  numerator = 2,
  denominator = 1,
): SplitEvent => ({ kind: 'split', symbol, date, numerator, denominator });
