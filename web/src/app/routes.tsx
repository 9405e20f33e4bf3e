import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { ROUTES, type RoutePath } from '@core/routes';
import { Layout } from './Layout';
import { MarketsHome } from '../features/market/components/MarketsHome';
import { NotFoundPage } from '../components/NotFoundPage';
import { guarded } from '../features/auth/components/RouteGuard';
import { accountElements } from './account-routes';
import { rememberViewed, stockWatchlistControl } from './watchlist-slots';
import { homeLoader, loadStockPage, stockLoader } from './route-loaders';

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
const StockPage = lazy(() => loadStockPage().then((m) => ({ default: m.StockPage })));
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

/** The paths whose data starts with the navigation, in parallel with their code (route-loaders). */
const LOADERS: Partial<Record<RoutePath, (client: QueryClient) => LoaderFunction>> = {
  '/': homeLoader,
  '/home': homeLoader,
  '/stocks/:symbol': stockLoader,
};

/**
 * Every route's element passes the guard: core decideAccess decides what the session sees. The
 * loaders warm `client`, the cache the pages read.
 */
export const appRoutes = (client: QueryClient): RouteObject[] => [
  {
    element: <Layout />,
    children: [
      ...ROUTES.map(({ path }) => {
        const loader = LOADERS[path]?.(client);
        return { path, element: guarded(ELEMENTS[path]), ...(loader ? { loader } : {}) };
      }),
      // §2 catch-all: the not-found page.
      { path: '*', element: guarded(<NotFoundPage />) },
    ],
  },
];
