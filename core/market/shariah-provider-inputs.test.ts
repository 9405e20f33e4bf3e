import { describe, expect, it } from 'vitest';
import { activityOfIndustry, providerShariahInputs } from './shariah-provider-inputs';

describe('Shariah inputs from the provider’s figures', () => {
  it.each([
    ['Banks - Diversified', 'conventional-finance'],
    ['Banks - Regional', 'conventional-finance'],
    ['Insurance - Life', 'conventional-finance'],
    ['Financial - Credit Services', 'conventional-finance'],
    ['Asset Management', 'conventional-finance'],
    ['Capital Markets', 'conventional-finance'],
    ['Beverages - Brewers', 'alcohol'],
    ['Beverages - Wineries & Distilleries', 'alcohol'],
    ['Tobacco', 'tobacco'],
    ['Gambling, Resorts & Casinos', 'gambling'],
    ['Consumer Electronics', 'permissible'],
    ['Beverages - Non-Alcoholic', 'permissible'],
    // Airliners and arms in one industry: a reviewer decides.
    ['Aerospace & Defense', 'permissible'],
    ['', 'permissible'],
  ] as const)('reads the industry %j as %s', (industry, activity) => {
    expect(activityOfIndustry(industry)).toBe(activity);
  });

  it('takes interest income over revenue, short-term investments and the balance sheet’s date', () => {
    const inputs = providerShariahInputs(
      { symbol: 'AAPL', industry: 'Consumer Electronics' },
      { revenue: 391_035_000_000, interestIncome: 3_750_000_000 },
      { date: '2024-09-28', shortTermInvestments: 35_228_000_000 },
    );
    expect(inputs).toEqual({
      symbol: 'AAPL',
      businessActivity: 'permissible',
      nonPermissibleRevenueShare: 0.0096,
      interestBearingSecurities: 35_228_000_000,
      asOf: '2024-09-28',
    });
  });

  it('keeps the share within 0..1 and never negative, whatever the figures', () => {
    const none = providerShariahInputs(
      { symbol: 'X', industry: 'Software' },
      { revenue: 0, interestIncome: 5 },
      { date: '2025-01-01', shortTermInvestments: -3 },
    );
    expect(none.nonPermissibleRevenueShare).toBe(0);
    expect(none.interestBearingSecurities).toBe(0);
    const all = providerShariahInputs(
      { symbol: 'X', industry: 'Banks - Regional' },
      { revenue: 10, interestIncome: 50 },
      { date: '2025-01-01', shortTermInvestments: 0 },
    );
    expect(all.nonPermissibleRevenueShare).toBe(1);
  });
});
