import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { meanClose } from '../../core/market/average-market-cap';
import { simulatedMarketData } from './market/market-data';
import { toPriced } from '../../lambdas/asset/service';
import { seedDemoUniverse } from './seed-stocks';

/** The items of the stocks table by key, behind the two commands the seed sends. */
function table() {
  const items = new Map<string, Record<string, unknown>>();
  const key = (k: Record<string, unknown>) => `${String(k.isin)}|${String(k.sk)}`;
  const client = {
    send: async (command: unknown) => {
      if (command instanceof GetCommand) return { Item: items.get(key(command.input.Key!)) };
      if (command instanceof PutCommand) items.set(key(command.input.Item!), command.input.Item!);
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, marker: () => items.get('#meta|DEMO_SEED') };
}

const day = (date: string) => () => Date.parse(`${date}T09:00:00Z`);

describe('seedDemoUniverse', () => {
  it('anchors the universe at the first start and keeps that anchor on later starts', async () => {
    const { client, marker } = table();
    const stocks = new InMemoryStocksRepository();
    const first = await seedDemoUniverse({ client, stocks, count: 2, now: day('2026-11-26') });
    expect(first).toMatchObject({ seeded: true, anchor: '2026-11-26' });
    expect(marker()).toMatchObject({ anchor: '2026-11-26', count: 2 });
    const [company] = await stocks.listProfiles();
    // FY 2025 and Q3 2026 are the periods filed by 2026-11-26.
    const income = await stocks.getStatements(company!.isin, 'income');
    expect(income?.annual[0]?.date).toBe('2025-12-31');
    expect(income?.quarter[0]?.date).toBe('2026-09-30');

    const later = await seedDemoUniverse({ client, stocks, count: 2, now: day('2027-06-01') });
    expect(later).toMatchObject({ seeded: false, anchor: '2026-11-26' });
    // A re-seed (here: another count) still sees the universe from the first start.
    const grown = await seedDemoUniverse({ client, stocks, count: 3, now: day('2027-06-01') });
    expect(grown).toMatchObject({ seeded: true, anchor: '2026-11-26' });
    expect(marker()).toMatchObject({ anchor: '2026-11-26', count: 3 });
  });

  it("stores each company's 24- and 36-month mean closes as of the anchor, from the simulated market", async () => {
    const { client } = table();
    const stocks = new InMemoryStocksRepository();
    await seedDemoUniverse({ client, stocks, count: 3, now: day('2026-11-26') });
    const market = simulatedMarketData();
    const asOf = new Date('2026-11-26T00:00:00Z');
    const from = new Date('2023-11-01T00:00:00Z');
    for (const record of await stocks.listProfiles()) {
      const bars = await market.daily(toPriced(record), from, asOf);
      expect(record.averageCloses).toEqual({
        asOf: '2026-11-26',
        months24: meanClose(bars, 24, asOf),
        months36: meanClose(bars, 36, asOf),
      });
    }
  });

  it('takes an explicit anchor over the recorded one and re-seeds for it', async () => {
    const { client, marker } = table();
    const stocks = new InMemoryStocksRepository();
    await seedDemoUniverse({ client, stocks, count: 2, now: day('2026-11-26') });
    const moved = await seedDemoUniverse({ client, stocks, count: 2, anchor: '2026-02-01' });
    expect(moved).toMatchObject({ seeded: true, anchor: '2026-02-01' });
    expect(marker()).toMatchObject({ anchor: '2026-02-01' });
    const [company] = await stocks.listProfiles();
    const income = await stocks.getStatements(company!.isin, 'income');
    expect(income?.annual[0]?.date).toBe('2024-12-31');
    expect(income?.quarter[0]?.date).toBe('2025-09-30');
  });
});
