import { lazy, Suspense } from 'react';
import { useAuth } from '../lib/auth/auth-context';

/*
 * The watchlists feature where other features show it (app/ composes features): the stock page's
 * "Add to watchlist", and the screener rows' (compact). It loads lazily and only for a signed-in user, so the public stock page's
 * bundle carries neither it nor the identity code it calls the API with.
 */
const AddToWatchlist = lazy(() =>
  import('../features/watchlists/components/AddToWatchlist').then((m) => ({
    default: m.AddToWatchlist,
  })),
);

function WatchlistControl({ symbol, compact }: { symbol: string; compact?: boolean }) {
  const { state } = useAuth();
  if (!state.isAuthenticated) return null;
  return (
    <Suspense fallback={null}>
      <AddToWatchlist symbol={symbol} compact={compact} />
    </Suspense>
  );
}

export const stockWatchlistControl = (symbol: string) => <WatchlistControl symbol={symbol} />;
export const screenerWatchlistAction = {
  header: 'Watchlist',
  cell: (symbol: string) => <WatchlistControl symbol={symbol} compact />,
};
export { rememberViewed } from '../features/watchlists/lib/recently-viewed';
