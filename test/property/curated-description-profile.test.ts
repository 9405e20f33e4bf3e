import { describe, expect, it } from 'vitest';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { toCompanyData } from '../../infra/local/seed-stocks';
import { InMemoryCuratedItemStore } from '../../lambdas/adapters/testing/memory/curated-item-store';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { AssetService } from '../../lambdas/asset/service';

describe('AssetService.profile with curated descriptions', () => {
  const [company] = generateUniverse({ count: 1, anchor: FIXED_DEMO_ANCHOR }).map(toCompanyData);
  const { isin, symbol } = company!.stock;
  const now = new Date('2026-11-18T16:00:00Z');

  it('shows the ingested text until curated, then the curated one on the next read', async () => {
    const descriptions = new InMemoryCuratedItemStore<string>(
      new Map([[isin, { symbol, ingested: company!.stock.profile.description }]]),
    );
    const service = new AssetService(
      new InMemoryStocksRepository([company!]),
      simulatedMarketData(),
      { descriptions },
    );
    const before = await service.profile(symbol, now);
    expect(before.profile.description).toBe(company!.stock.profile.description);
    await descriptions.write({
      isin,
      expectedVersion: 0,
      before: before.profile.description,
      after: 'Curated text',
      updatedAt: now.toISOString(),
      updatedBy: 'admin@example.com',
    });
    const after = await service.profile(symbol, now);
    expect(after.profile.description).toBe('Curated text');
    expect(after.record.profile.description).toBe('Curated text');
  });
});
