import { replayLedger } from '../../core/portfolio/holdings';
import type { PortfolioStore } from '../ports/portfolio-store';
import type { WatchlistStore } from '../ports/watchlist-store';

/** Whether a user keeps a symbol in a watchlist or holds shares of it in a portfolio. */
export type HoldingCheck = (sub: string, symbol: string) => Promise<boolean>;

/**
 * The check over the user's own stores: their watchlists first (one read), then each portfolio's
 * ledger (core's replay), where a position sold down to nothing is no longer held.
 */
export function holdingCheck(
  watchlists: Pick<WatchlistStore, 'list'>,
  portfolios: Pick<PortfolioStore, 'list' | 'read'>,
): HoldingCheck {
  return async (sub, symbol) => {
    const wanted = symbol.toUpperCase();
    const lists = await watchlists.list(sub);
    if (lists.some((list) => list.symbols.some((s) => s.toUpperCase() === wanted))) return true;
    for (const portfolio of await portfolios.list(sub)) {
      const snapshot = await portfolios.read(sub, portfolio.id);
      if (!snapshot) continue;
      const { ledger } = replayLedger(snapshot.transactions);
      const holding = ledger.holdings.find((h) => h.symbol.toUpperCase() === wanted);
      if (holding && holding.quantity > 0) return true;
    }
    return false;
  };
}
