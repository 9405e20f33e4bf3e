import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { appRoutes } from '../app/routes';
import { ENTITLEMENTS } from '@core/subscription';
import type { WatchlistsAnswer } from '@core/watchlists';
import type { PortfoliosAnswer } from '@core/portfolios';
import { PLAN_OFFERS } from './subscription';
import { jsonResponse as json, testQueryClient } from './test-utils';
import { resetIdentityForTests } from '../lib/auth/identity';
import { AuthProvider } from '../features/auth/components/AuthProvider';

export const TEST_CONFIG = {
  region: 'us-east-2',
  userPoolId: 'us-east-2_test',
  userPoolClientId: 'client-1',
  identityEndpoint: 'http://identity.test',
  graphqlUrl: '/graphql',
};

export interface ApiAnswers {
  /** POST /api/subscription/user answer (a Response for errors). */
  readonly user?: unknown;
  readonly permissions?: unknown;
  /** GET /api/subscription/plans (the local Stripe's two plans unless given). */
  readonly plans?: unknown;
  /** GET /api/subscription/invoices (none unless given). */
  readonly invoices?: unknown;
  /** GET /api/subscription/notifications, the header bell's (none unread unless given). */
  readonly notifications?: unknown;
  /** GET /api/subscription/watchlists, the dashboard's (none on the free plan unless given). */
  readonly watchlists?: unknown;
  /** GET /api/subscription/portfolios, the dashboard's (none on the free plan unless given). */
  readonly portfolios?: unknown;
  readonly extra?: Record<string, (init?: RequestInit) => Response>;
}

const { tier, watchlists, symbolsPerWatchlist, portfolios, holdingsPerPortfolio } =
  ENTITLEMENTS.free;
const NO_WATCHLISTS: WatchlistsAnswer = {
  watchlists: [],
  limits: { tier, watchlists, symbolsPerWatchlist },
};
const NO_PORTFOLIOS: PortfoliosAnswer = {
  portfolios: [],
  limits: { tier, portfolios, holdingsPerPortfolio },
};

export interface RecordedRequest {
  readonly url: string;
  readonly init: RequestInit | undefined;
}

/**
 * A fetch for /config.json, the subscription API and whatever
 * `extra` adds (by path prefix).
 */
export function stubApis(answers: ApiAnswers = {}): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push({ url, init });
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/config.json') return json(TEST_CONFIG);
    // The longest prefix wins: '/api/subscription/plan' must not answer '/api/subscription/plans'.
    const extra = Object.entries(answers.extra ?? {})
      .filter(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))
      .sort(([a], [b]) => b.length - a.length)[0];
    if (extra) return extra[1](init);
    const answer = (value: unknown) => (value instanceof Response ? value : json(value));
    if (path === '/api/subscription/user') return answer(answers.user ?? { subscription: null });
    if (path === '/api/subscription/permissions') {
      return answer(answers.permissions ?? { permissionSet: null });
    }
    if (path === '/api/subscription/plans') return answer(answers.plans ?? PLAN_OFFERS);
    if (path === '/api/subscription/invoices') return answer(answers.invoices ?? []);
    if (path === '/api/subscription/notifications') {
      return answer(answers.notifications ?? { notifications: [], unread: 0 });
    }
    if (path === '/api/subscription/watchlists') {
      return answer(answers.watchlists ?? NO_WATCHLISTS);
    }
    if (path === '/api/subscription/portfolios') {
      return answer(answers.portfolios ?? NO_PORTFOLIOS);
    }
    return json({ data: [] });
  });
  return requests;
}

/** The identity library's access-token key, which start-up looks for (api/stored-session). */
export const STORED_TOKEN_KEY = 'CognitoIdentityServiceProvider.client-1.sub-1.accessToken';

/** Puts (or removes) a stored session in localStorage, as the identity library leaves it. */
export function storeSession(signedIn: boolean): void {
  if (signedIn) localStorage.setItem(STORED_TOKEN_KEY, 'access-token');
  else localStorage.removeItem(STORED_TOKEN_KEY);
}

/** The whole app (routes, guards, layout) at a path, with the auth provider. */
export function renderApp(path: string, { signedIn = false } = {}) {
  resetIdentityForTests();
  storeSession(signedIn);
  const client = testQueryClient();
  const router = createMemoryRouter(appRoutes(client), { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
