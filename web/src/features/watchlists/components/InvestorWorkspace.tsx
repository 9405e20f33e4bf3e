import { MarketSummary } from './MarketSummary';
import { RecentlyViewed } from './RecentlyViewed';
import { WatchlistsSection } from './WatchlistsSection';
import type { StockPicker } from './stock-picker';
import './watchlists.css';

/** The signed-in investor's part of /dashboard: watchlists, their markets, recently viewed. */
export function InvestorWorkspace({ stockPicker }: { stockPicker: StockPicker }) {
  return (
    <>
      <div className="card-grid">
        <MarketSummary />
        <RecentlyViewed />
      </div>
      <WatchlistsSection stockPicker={stockPicker} />
    </>
  );
}
