import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RoutePath } from '@core/routes';
import { Layout } from './Layout';
import { MarketsHome } from '../features/market/components/MarketsHome';
import { NotFoundPage } from '../components/NotFoundPage';
import { guarded } from '../features/auth/components/RouteGuard';
import { accountElements } from './account-routes';
import { rememberViewed, stockWatchlistControl } from './watchlist-slots';

// Screens other than home load lazily (SPEC §2); the Layout shows a placeholder meanwhile.
const AboutPage = lazy(() =>
  import('../features/pages/components/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const ContactPage = lazy(() =>
  import('../features/pages/components/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/pages/components/PrivacyPage').then((m) => ({ default: m.PrivacyPage })),
);
const DisclaimerPage = lazy(() =>
  import('../features/pages/components/DisclaimerPage').then((m) => ({
    default: m.DisclaimerPage,
  })),
);
const StockPage = lazy(() =>
  import('../features/stock/components/StockPage').then((m) => ({ default: m.StockPage })),
);
const UnauthorisedPage = lazy(() =>
  import('../features/pages/components/UnauthorisedPage').then((m) => ({
    default: m.UnauthorisedPage,
  })),
);

/** What every path of core's §2 table shows: the type demands each path once, and no other. */
const ELEMENTS: Record<RoutePath, ReactNode> = {
  '/': <MarketsHome />,
  '/home': <MarketsHome />,
  '/about': <AboutPage />,
  '/contact': <ContactPage />,
  '/privacy': <PrivacyPage />,
  '/disclaimer': <DisclaimerPage />,
  '/stocks/:symbol': (
    <StockPage watchlistControl={stockWatchlistControl} onViewed={rememberViewed} />
  ),
  '/401': <UnauthorisedPage />,
  ...accountElements,
};

/** Every route's element passes the guard: core decideAccess decides what the session sees. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...ROUTES.map(({ path }) => ({ path, element: guarded(ELEMENTS[path]) })),
      // §2 catch-all: the not-found page.
      { path: '*', element: guarded(<NotFoundPage />) },
    ],
  },
];
