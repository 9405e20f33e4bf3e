import type { DemoCompany } from './universe';

/** Counts that describe a demo universe (for start-up logs and tests). */
export interface DemoUniverseSummary {
  readonly companies: number;
  readonly byExchange: Readonly<Record<string, number>>;
  readonly bySector: Readonly<Record<string, number>>;
  readonly byIndustry: Readonly<Record<string, number>>;
  readonly byBusinessActivity: Readonly<Record<string, number>>;
  /** Companies whose latest fiscal year ends in a net loss. */
  readonly lossMakers: number;
  /** Companies with negative total equity on the latest balance sheet. */
  readonly negativeEquity: number;
  /** Companies that paid no dividend over the last year. */
  readonly nonPayers: number;
}

function countBy(companies: readonly DemoCompany[], key: (c: DemoCompany) => string) {
  const counts: Record<string, number> = {};
  for (const company of companies) {
    const k = key(company);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

export function demoUniverseSummary(universe: readonly DemoCompany[]): DemoUniverseSummary {
  return {
    companies: universe.length,
    byExchange: countBy(universe, (c) => c.profile.exchangeShortName),
    bySector: countBy(universe, (c) => c.profile.sector),
    byIndustry: countBy(universe, (c) => c.profile.industry),
    byBusinessActivity: countBy(universe, (c) => c.shariah.businessActivity),
    lossMakers: universe.filter((c) => (c.annual.income[0]?.netIncome ?? 0) < 0).length,
    negativeEquity: universe.filter((c) => (c.annual.balance[0]?.totalEquity ?? 0) < 0).length,
    nonPayers: universe.filter((c) => c.profile.lastDiv === 0).length,
  };
}
