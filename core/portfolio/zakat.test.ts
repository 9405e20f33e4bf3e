import { describe, expect, it } from 'vitest';
import { DEMO_PER_USD } from '../market/fx';
import {
  estimateZakat,
  zakatableAssetsPerShare,
  zakatSettingsSchema,
  type ZakatableBalance,
  type ZakatHolding,
} from './zakat';

// ABC's latest balance sheet: cash 2,000,000 + receivables 1,000,000 + inventory 500,000 +
// short-term investments 500,000 = 4,000,000 over 1,000,000 shares: 4.00 a share.
const balance: ZakatableBalance = {
  date: '2023-12-31',
  reportedCurrency: 'USD',
  cashAndCashEquivalents: 2_000_000,
  netReceivables: 1_000_000,
  inventory: 500_000,
  shortTermInvestments: 500_000,
};
const investment: ZakatHolding = {
  symbol: 'ABC',
  shares: 100,
  method: 'investment',
  currency: 'USD',
  balance,
  sharesOutstanding: 1_000_000,
};
// XYZ held for trading: 50 shares at 30.00 = 1,500.00 market value.
const trading: ZakatHolding = {
  symbol: 'XYZ',
  shares: 50,
  method: 'trading',
  currency: 'USD',
  price: 30,
};

const settings = (input: Record<string, unknown>) =>
  zakatSettingsSchema.parse({
    date: '2024-06-01',
    year: 'lunar',
    nisabMetal: 'silver',
    pricePerGram: 0.8,
    ...input,
  });

describe('estimateZakat — worked examples', () => {
  it('zakatable assets per share: 4,000,000 / 1,000,000 = 4.00', () => {
    expect(zakatableAssetsPerShare(balance, 1_000_000)).toBe(4);
  });

  it('lunar year: ABC 4.00 × 100 × 2.5 % = 10.00; XYZ 1,500 × 2.5 % = 37.50; 47.50 in all', () => {
    const estimate = estimateZakat([investment, trading], settings({}), 'USD', DEMO_PER_USD);
    expect(estimate.holdings).toEqual([
      {
        symbol: 'ABC',
        method: 'investment',
        shares: 100,
        base: 400,
        rate: 0.025,
        zakat: 10,
        perShare: 4,
        inputs: balance,
        sharesOutstanding: 1_000_000,
      },
      {
        symbol: 'XYZ',
        method: 'trading',
        shares: 50,
        base: 1500,
        rate: 0.025,
        zakat: 37.5,
        perShare: 30,
        inputs: { price: 30 },
      },
    ]);
    // Silver nisab: 595 g × 0.80 = 476.00, below the 1,900.00 base: due.
    expect(estimate).toMatchObject({
      base: 1900,
      zakat: 47.5,
      nisab: { metal: 'silver', grams: 595, pricePerGram: 0.8, threshold: 476 },
      meetsNisab: true,
      due: 47.5,
      missingInputs: 0,
    });
  });

  it('solar year: 400 × 2.577 % = 10.308 and 1,500 × 2.577 % = 38.655; 48.963 in all', () => {
    const estimate = estimateZakat(
      [investment, trading],
      settings({ year: 'solar' }),
      'USD',
      DEMO_PER_USD,
    );
    expect(estimate.rate).toBe(0.02577);
    expect(estimate.holdings.map((h) => ('zakat' in h ? h.zakat : null))).toEqual([
      expect.closeTo(10.308, 12),
      expect.closeTo(38.655, 12),
    ]);
    expect(estimate.due).toBeCloseTo(48.963, 12);
  });

  it('gold nisab 85 g × 60.00 = 5,100.00 above the 1,900.00 base: nothing due, unless other wealth reaches it', () => {
    const gold = settings({ nisabMetal: 'gold', pricePerGram: 60 });
    const estimate = estimateZakat([investment, trading], gold, 'USD', DEMO_PER_USD);
    expect(estimate).toMatchObject({ zakat: 47.5, meetsNisab: false, due: 0 });
    expect(estimate.nisab.threshold).toBe(5100);
    const withCash = estimateZakat(
      [investment, trading],
      { ...gold, otherWealth: 3200 },
      'USD',
      DEMO_PER_USD,
    );
    expect(withCash).toMatchObject({ meetsNisab: true, due: 47.5 });
  });

  it('converts to the portfolio currency: 1,900 USD is 1,748 EUR, zakat 43.70 EUR', () => {
    const estimate = estimateZakat([investment, trading], settings({}), 'EUR', DEMO_PER_USD);
    expect(estimate.base).toBeCloseTo(1748, 9);
    expect(estimate.zakat).toBeCloseTo(43.7, 9);
  });

  it('says which input is missing and leaves the holding out of the totals', () => {
    const estimate = estimateZakat(
      [
        { ...investment, balance: undefined },
        { ...investment, symbol: 'DEF', sharesOutstanding: 0 },
        { ...trading, price: undefined },
        { ...investment, symbol: 'GHI', balance: { ...balance, reportedCurrency: 'CHF' } },
        trading,
      ],
      settings({}),
      'USD',
      DEMO_PER_USD,
    );
    expect(estimate.holdings.slice(0, 4).map((h) => ('missing' in h ? h.missing : null))).toEqual([
      'the latest balance sheet of ABC on 2024-06-01',
      'the shares outstanding of DEF',
      'the market price of XYZ on 2024-06-01',
      'an exchange rate from CHF to USD',
    ]);
    expect(estimate).toMatchObject({ base: 1500, zakat: 37.5, missingInputs: 4 });
  });
});

describe('zakatSettingsSchema', () => {
  it('names the field at fault', () => {
    const issue = (input: Record<string, unknown>) =>
      zakatSettingsSchema.safeParse({
        date: '2024-06-01',
        year: 'lunar',
        nisabMetal: 'gold',
        pricePerGram: 60,
        ...input,
      }).error?.issues[0]?.message;
    expect(issue({ pricePerGram: 0 })).toBe('pricePerGram must be greater than 0');
    expect(issue({ year: 'fiscal' })).toBe('year must be lunar or solar');
    expect(issue({ nisabMetal: 'platinum' })).toBe('nisabMetal must be gold or silver');
    expect(issue({ date: '2024-13-01' })).toBe('must be a date YYYY-MM-DD');
  });
});
