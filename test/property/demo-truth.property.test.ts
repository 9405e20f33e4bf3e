import { describe, expect, it } from 'vitest';
import { ratingAgreesWithUpside, upsideOf } from '../../core/market/analyst-direction';
import { companyTypeOf, undefinedRatiosOf } from '../../core/market/company-type';
import { findExchange } from '../../core/market/exchanges';
import { closeOnOrBefore } from '../../infra/local/demo/close-on';
import { generateUniverse } from '../../infra/local/demo/universe';
import { DEFAULT_DEMO_COUNT, toCompanyData } from '../../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../../lambdas/adapters/memory/stocks-repository';
import { simulatedMarketData } from '../../lambdas/adapters/simulated-market/market-data';
import { AssetService } from '../../lambdas/asset/service';

/**
 * Over EVERY company of the demo universe `npm start` seeds, what a careful investor checks
 * (issue 14, "Data truth"): the analyst consensus points the way of its mean target against the
 * simulated close on the consensus day, and no ratio shows a value built on a line the company's
 * type does not have (a bank's gross margin).
 */
describe('demo universe: analyst targets and ratios tell the truth', () => {
  const universe = generateUniverse({ count: DEFAULT_DEMO_COUNT });
  const now = new Date('2026-11-18T16:00:00Z');
  const service = new AssetService(
    new InMemoryStocksRepository(universe.map(toCompanyData)),
    simulatedMarketData(),
  );

  it('has a consensus that agrees with the mean target against the close on its day', () => {
    const wrong: string[] = [];
    for (const company of universe) {
      const { consensus, asOf, priceTarget } = company.analyst;
      const exchange = findExchange(company.instrument.exchangeShortName);
      if (!asOf || !exchange) {
        wrong.push(`${company.profile.symbol}: no consensus date or exchange`);
        continue;
      }
      // The market's own close on that day, read independently of the stored priceAsOf.
      const { close } = closeOnOrBefore(company.instrument, exchange, asOf);
      const upside = upsideOf(priceTarget.consensus, close);
      if (upside === null || !ratingAgreesWithUpside(consensus, upside)) {
        wrong.push(
          `${company.profile.symbol}: ${consensus}, mean ${priceTarget.consensus} vs ${close}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('serves no ratio on a line the company type does not have', async () => {
    const shown: string[] = [];
    const financials = universe.filter((c) => companyTypeOf(c.profile) !== 'general');
    expect(financials.length).toBeGreaterThan(0);
    for (const company of financials) {
      const ratios = await service.ratiosTtm(company.profile.symbol, now);
      for (const field of undefinedRatiosOf(companyTypeOf(company.profile))) {
        if (ratios[field] !== null)
          shown.push(`${company.profile.symbol} ${field}: ${ratios[field]}`);
      }
    }
    expect(shown).toEqual([]);
  });
});
