import { readFileSync } from 'node:fs';
import type { StubReply } from './stub-fmp-server';

/** Test helper: the stable API's documented answers in testing/stable/ (its README cites them). */

export type StableFixtureName =
  | 'quote'
  | 'batch-quote'
  | 'historical-price-eod-full'
  | 'historical-chart-1min'
  | 'historical-chart-5min'
  | 'batch-forex-quotes'
  | 'earnings-calendar'
  | 'earnings'
  | 'dividends-calendar'
  | 'dividends'
  | 'splits-calendar'
  | 'splits';

export type FmpRow = Readonly<Record<string, unknown>>;

/** A fresh copy of the fixture's rows (every stable answer we read is a list). */
export const stableFixture = (name: StableFixtureName): FmpRow[] =>
  JSON.parse(readFileSync(new URL(`./stable/${name}.json`, import.meta.url), 'utf8')) as FmpRow[];

/** The fixture's first row, with some fields replaced: a case FMP did not publish, derived. */
export const stableRow = (name: StableFixtureName, overrides: FmpRow = {}): FmpRow => ({
  ...stableFixture(name)[0],
  ...overrides,
});

export type PlanRefusalName = 'legacy' | 'premiumParameter' | 'restricted' | 'exclusive' | 'quota';

/** FMP's answer when the key's plan refuses a call (and its exhausted quota, which is not that). */
export const planRefusal = (name: PlanRefusalName): Required<Pick<StubReply, 'status' | 'body'>> =>
  (
    JSON.parse(readFileSync(new URL('./plan-refusals.json', import.meta.url), 'utf8')) as Record<
      PlanRefusalName,
      { status: number; body: unknown }
    >
  )[name];

/** FMP's words in a refusal, as the ProviderError must quote them. */
export const refusalWords = (name: PlanRefusalName): string => {
  const { body } = planRefusal(name);
  return typeof body === 'string'
    ? body
    : String((body as Record<string, unknown>)['Error Message']);
};
