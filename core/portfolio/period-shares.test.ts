import { describe, expect, it } from 'vitest';
import type { ShariahInputs } from '../market/types';
import { nonPermissibleSharesByPeriod } from './period-shares';

const profile = { symbol: 'ABC', industry: 'Software - Application' };
const year = (date: string, revenue: number, interestIncome: number) => ({
  date,
  revenue,
  interestIncome,
});
const reviewed: ShariahInputs = {
  symbol: 'ABC',
  businessActivity: 'permissible',
  nonPermissibleRevenueShare: 0.01,
  interestBearingSecurities: 0,
  asOf: '2023-12-31',
  revenueSplit: { permissible: 960, nonPermissible: 40, sources: [] },
};

describe('nonPermissibleSharesByPeriod', () => {
  it("gives each fiscal year's interest income over revenue, oldest first", () => {
    // FY2022: 30 / 1,000 = 3 %; FY2023: 25 / 1,250 = 2 %.
    expect(
      nonPermissibleSharesByPeriod(
        profile,
        [year('2023-12-31', 1250, 25), year('2022-12-31', 1000, 30)],
        undefined,
      ),
    ).toEqual([
      { periodEnd: '2022-12-31', share: 0.03 },
      { periodEnd: '2023-12-31', share: 0.02 },
    ]);
  });

  it("puts a reviewer's share (their revenue split: 40 / 1,000 = 4 %) in place of its period's only", () => {
    expect(
      nonPermissibleSharesByPeriod(
        profile,
        [year('2023-12-31', 1250, 25), year('2022-12-31', 1000, 30)],
        reviewed,
      ),
    ).toEqual([
      { periodEnd: '2022-12-31', share: 0.03 },
      { periodEnd: '2023-12-31', share: 0.04 },
    ]);
  });

  it('has no share for a year without revenue to divide by (not the 0 % the screen reads)', () => {
    expect(nonPermissibleSharesByPeriod(profile, [year('2023-12-31', 0, 5)], undefined)).toEqual([
      { periodEnd: '2023-12-31', share: null },
    ]);
  });
});
