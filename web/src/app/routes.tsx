import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './Layout';
import { MarketsHome } from '../features/market/MarketsHome';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { guarded } from '../features/auth/components/RouteGuard';
import { accountRoutes } from './account-routes';

// Screens other than home load lazily (SPEC §2); the Layout shows a placeholder meanwhile.
const AboutPage = lazy(() =>
  import('../features/pages/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const ContactPage = lazy(() =>
  import('../features/pages/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const PrivacyPage = lazy(() =>
  import('../features/pages/PrivacyPage').then((m) => ({ default: m.PrivacyPage })),
);
const DisclaimerPage = lazy(() =>
  import('../features/pages/DisclaimerPage').then((m) => ({ default: m.DisclaimerPage })),
);
const StockPage = lazy(() =>
  import('../features/stock/StockPage').then((m) => ({ default: m.StockPage })),
);
const UnauthorisedPage = lazy(() =>
  import('../features/pages/UnauthorisedPage').then((m) => ({ default: m.UnauthorisedPage })),
);

/** Every route's element passes the guard: core decideAccess decides what the session sees. */
const withGuard = (route: RouteObject): RouteObject => ({
  ...route,
  element: guarded(route.element),
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: (
      [
        { index: true, element: <MarketsHome /> },
        { path: 'home', element: <MarketsHome /> },
        { path: 'about', element: <AboutPage /> },
        { path: 'contact', element: <ContactPage /> },
        { path: 'privacy', element: <PrivacyPage /> },
        { path: 'disclaimer', element: <DisclaimerPage /> },
        { path: 'stocks/:symbol', element: <StockPage /> },
        { path: '401', element: <UnauthorisedPage /> },
        ...accountRoutes,
        { path: '*', element: <NotFoundPage /> },
      ] satisfies RouteObject[]
    ).map(withGuard),
  },
];
