import { useState } from 'react';
import { StockCell } from '../../../components/StockCell';
import { ChangeText } from '../../../components/ChangeText';
import { useWatchQuotes } from '../api/watch-quotes';
import { recentlyViewed } from '../lib/recently-viewed';

/** The stocks this browser opened last, newest first, with their day change (one batched read). */
export function RecentlyViewed() {
  const [recent] = useState(recentlyViewed);
  const quotes = useWatchQuotes(recent.map((s) => s.symbol));
  return (
    <section className="card recently-viewed" aria-labelledby="dashboard-recent">
      <h2 id="dashboard-recent">Recently viewed</h2>
      {recent.length === 0 ? (
        <p className="muted">Stocks you open appear here (kept in this browser only).</p>
      ) : (
        <ul className="recent-list">
          {recent.map((stock) => {
            const quote = quotes.data?.get(stock.symbol)?.quote;
            return (
              <li key={stock.symbol}>
                <StockCell symbol={stock.symbol} name={stock.name} />
                {quote && <ChangeText change={quote.change} percent={quote.changesPercentage} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
