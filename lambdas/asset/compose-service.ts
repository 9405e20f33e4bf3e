import type { CuratedItemStore } from '../ports/curated-item-store';
import type { MarketCalendar } from '../ports/market-calendar';
import type { MarketData } from '../ports/market-data';
import type { StocksRepository } from '../ports/stocks-repository';
import { AssetService } from './service';

/** What the asset service reads: the stocks table and the market. */
export interface AssetServicePorts {
  readonly stocks: StocksRepository;
  /** Live prices and bars: the provider in AWS, the simulated market locally. */
  readonly market: MarketData;
  /** The curated descriptions, shown over the ingested text (the alert evaluator needs none). */
  readonly descriptions?: Pick<CuratedItemStore<string>, 'storedValue'>;
  /** Earnings, dividends and splits: the provider's calendars in AWS, the demo's locally. */
  readonly calendar?: MarketCalendar;
  /** How long the copies of the stock list and profiles are reused (default 60 s). */
  readonly universeCacheMs?: number;
}

/**
 * The asset service behind the asset API, the public GraphQL resolver and the alert evaluator.
 * Locally the three share one, so they share its copies of the universe.
 */
export function composeAssetService(ports: AssetServicePorts): AssetService {
  const { stocks, market, descriptions, calendar, universeCacheMs } = ports;
  return new AssetService(stocks, market, {
    ...(descriptions && { descriptions }),
    ...(calendar && { calendar }),
    ...(universeCacheMs !== undefined && { universeCacheMs }),
  });
}
