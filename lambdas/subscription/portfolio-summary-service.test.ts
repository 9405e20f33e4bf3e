import { describe, expect, it } from 'vitest';
import { NotFound } from '../../core/domain-errors';
import { newUserRecord } from '../../core/user-record';
import { InMemoryPortfolioStore } from '../adapters/testing/memory/portfolio-store';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import type { PortfolioMarketRequest } from '../ports/portfolio-market-inputs';
import { PortfolioService } from './portfolio-service';
import { PortfolioSummaryService } from './portfolio-summary-service';

const NOW = Date.parse('2024-06-28T15:00:00Z');

function setup() {
  const users = new InMemoryUsersRepository([
    {
      ...newUserRecord({ email: 'ann@example.com', sub: 'ann', createdAt: '2024-01-01T00:00:00Z' }),
      shariahStandard: 'msci',
    },
    newUserRecord({ email: 'bob@example.com', sub: 'bob', createdAt: '2024-01-01T00:00:00Z' }),
  ]);
  const portfolios = new PortfolioService({
    users,
    store: new InMemoryPortfolioStore(),
    now: () => NOW,
  });
  const reads: { request: PortfolioMarketRequest; now: Date }[] = [];
  const service = new PortfolioSummaryService({
    users,
    portfolios,
    now: () => NOW,
    market: {
      read: async (request, now) => {
        reads.push({ request, now });
        return {
          symbols: new Map([
            [
              'AAA',
              { currency: 'USD' as const, price: 30, verdicts: { msci: 'compliant' as const } },
            ],
          ]),
          rates: undefined,
        };
      },
    },
  });
  return { portfolios, service, reads };
}

describe('PortfolioSummaryService', () => {
  it('summarizes the owner’s transactions under their standard, today from the clock, zakat from the query', async () => {
    const { portfolios, service, reads } = setup();
    const p = await portfolios.create('ann', { name: 'Main', currency: 'USD', benchmark: '^GSPC' });
    await portfolios.addTransaction('ann', p.id, 1, {
      type: 'buy',
      date: '2024-01-02',
      symbol: 'AAA',
      quantity: 50,
      price: 20,
      fees: 0,
      currency: 'USD',
    });
    const { summary } = await service.summary('ann', p.id, {
      zakatYear: 'lunar',
      nisabMetal: 'silver',
      pricePerGram: 0.8,
      trading: ['AAA'],
    });
    expect(reads).toEqual([
      { request: { symbols: ['AAA'], benchmark: '^GSPC', from: '2024-01-02' }, now: new Date(NOW) },
    ]);
    expect(summary).toMatchObject({ today: '2024-06-28', standard: 'msci' });
    expect(summary.holdings[0]).toMatchObject({
      symbol: 'AAA',
      marketValue: 1500,
      verdict: 'compliant',
    });
    // 50 shares held for trading at 30.00: 1,500.00 × 2.5 % = 37.50, over 595 g × 0.80 = 476.00.
    expect(summary.zakat).toMatchObject({ date: '2024-06-28', zakat: 37.5, due: 37.5 });
    expect(summary.zakat!.nisab.threshold).toBeCloseTo(476);
  });

  it('reads no market for a portfolio without transactions, and no zakat without a price per gram', async () => {
    const { portfolios, service, reads } = setup();
    const p = await portfolios.create('ann', {
      name: 'Empty',
      currency: 'EUR',
      benchmark: '^GSPC',
    });
    const { summary } = await service.summary('ann', p.id, {
      zakatYear: 'lunar',
      nisabMetal: 'gold',
    });
    expect(reads).toEqual([]);
    expect(summary).toMatchObject({ currency: 'EUR', holdings: [], zakat: null });
  });

  it('answers another user’s portfolio as none', async () => {
    const { portfolios, service } = setup();
    const p = await portfolios.create('ann', { name: 'Main', currency: 'USD', benchmark: '^GSPC' });
    await expect(
      service.summary('bob', p.id, { zakatYear: 'lunar', nisabMetal: 'gold' }),
    ).rejects.toThrow(NotFound);
  });
});
