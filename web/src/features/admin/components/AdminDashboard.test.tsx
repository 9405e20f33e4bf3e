import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurationOverview } from '@core/curation/overview';
import { emptyPermissionSet } from '@core/permissions';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { jsonResponse } from '../testing/admin-api-stub';

beforeAll(async () => {
  await import('./admin-screens');
});

const A = 'US0378331005';
const overview: CurationOverview = {
  since: '2026-11-19T12:00:00.000Z',
  areas: [
    {
      area: 'STOCKS',
      count: 2000,
      recentChanges: 1,
      lastChange: {
        area: 'STOCKS',
        isin: A,
        updatedAt: '2026-11-25T09:30:00.000Z',
        updatedBy: 'ann@example.com',
      },
    },
    { area: 'SHEETS', count: 6000, recentChanges: 0, lastChange: null },
    { area: 'ANALYST', count: 2000, recentChanges: 0, lastChange: null },
    { area: 'SHARIAH', count: 2000, recentChanges: 0, lastChange: null },
    { area: 'DESCRIPTION', count: 1, recentChanges: 0, lastChange: null },
  ],
  changesByPerson: [{ who: 'ann@example.com', changes: 1 }],
  recent: [
    {
      area: 'STOCKS',
      isin: A,
      updatedAt: '2026-11-25T09:30:00.000Z',
      updatedBy: 'ann@example.com',
    },
  ],
  lastIngest: {
    source: 'FMP ingest',
    startedAt: '2026-11-26T02:00:00.000Z',
    finishedAt: '2026-11-26T02:10:00.000Z',
    ingested: 1998,
    failed: 2,
    failures: [
      { symbol: 'BAD', reason: 'no ISIN' },
      { symbol: 'GONE', reason: 'not found' },
    ],
    refusals: [
      {
        endpoint: '/stable/grades',
        exchange: 'LSE',
        message:
          'Premium Endpoint: this endpoint is not available under your current subscription.',
        companies: 12,
      },
      {
        endpoint: '/stable/sp500-constituent',
        exchange: null,
        message: 'Legacy Endpoint : Due to Legacy endpoints being no longer supported',
        companies: 0,
      },
    ],
  },
};

let overviewAnswer: () => Response;

function stub(permissions?: ReturnType<typeof emptyPermissionSet>) {
  return stubApis({
    ...(permissions && { permissions: { permissionSet: { accessLevels: permissions } } }),
    extra: {
      '/graphql': () => overviewAnswer(),
      '/api/admin/userCounts': () => jsonResponse({ users: 42, editors: 3, admins: 1 }),
    },
  });
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  overviewAnswer = () => jsonResponse({ data: { curationOverview: overview } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('/admin/dashboard', () => {
  it('shows the counts, the week’s changes by person, the last ingest with its failures', async () => {
    stub();
    renderApp('/admin/dashboard', { signedIn: true });
    const counts = await screen
      .findByRole('list', { name: 'Counts' })
      .catch(() => screen.findByLabelText('Counts'));
    expect(await within(counts).findByText('42')).toBeInTheDocument();
    expect(within(counts).getByText('2,000')).toBeInTheDocument();
    expect(within(counts).getByText('3')).toBeInTheDocument();
    const byPerson = screen.getByRole('table', { name: /by person/ });
    expect(
      within(byPerson).getByRole('rowheader', { name: 'ann@example.com' }),
    ).toBeInTheDocument();
    const recent = screen.getByRole('table', { name: 'Recent changes' });
    expect(within(recent).getByRole('link', { name: A })).toHaveAttribute(
      'href',
      `/admin/settings/stocks/detail/${A}`,
    );
    expect(screen.getByText(/FMP ingest, finished on 2026-11-26 at 02:10 UTC/)).toBeInTheDocument();
    expect(screen.getByText('2 failed')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'BAD' })).toBeInTheDocument();
    const refused = screen.getByRole('table', { name: 'Refused by the data plan' });
    const grades = within(refused)
      .getByRole('rowheader', { name: '/stable/grades' })
      .closest('tr')!;
    expect(within(grades).getByText('LSE')).toBeInTheDocument();
    expect(within(grades).getByText('12')).toBeInTheDocument();
    expect(within(grades).getByText(/not available under your current subscription/)).toBeVisible();
    const list = within(refused)
      .getByRole('rowheader', { name: '/stable/sp500-constituent' })
      .closest('tr')!;
    expect(within(list).getByText('index list')).toBeInTheDocument();
    expect(within(list).getByText(/Legacy Endpoint/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Stocks.*2,000 stocks/ })).toHaveAttribute(
      'href',
      '/admin/settings/stocks',
    );
  });

  it('shows no refusals table when the plan refused nothing', async () => {
    overviewAnswer = () =>
      jsonResponse({
        data: {
          curationOverview: { ...overview, lastIngest: { ...overview.lastIngest!, refusals: [] } },
        },
      });
    stub();
    renderApp('/admin/dashboard', { signedIn: true });
    expect(await screen.findByText('2 failed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Refused by the data plan' })).toBeNull();
  });

  it('keeps the links and offers Retry when the figures fail', async () => {
    overviewAnswer = () => jsonResponse({ errors: [{ message: 'boom' }] }, 500);
    stub();
    renderApp('/admin/dashboard', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('link', { name: /Sheets/ })).toHaveAttribute(
      'href',
      '/admin/settings/sheets',
    );
  });
});

describe('/admin/settings', () => {
  it('shows each area with its count, changes of the week and last change', async () => {
    stub();
    renderApp('/admin/settings', { signedIn: true });
    const stocks = await screen.findByRole('link', { name: /Stocks.*2,000 stocks/ });
    expect(stocks).toHaveTextContent('1 change in the last 7 days');
    expect(stocks).toHaveTextContent('Last changed by ann@example.com on 2026-11-25 at 09:30 UTC');
    expect(screen.getByRole('link', { name: /Sheets/ })).toHaveTextContent(
      'No change recorded yet',
    );
    expect(await screen.findByRole('link', { name: /Users.*42 accounts/ })).toBeInTheDocument();
  });

  // §6 keeps the settings index admin-only; an editor's overview is their dashboard.
  it('shows an editor, on the dashboard, only the areas their set opens, and no directory or ingest', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    overviewAnswer = () =>
      jsonResponse({
        data: {
          curationOverview: {
            ...overview,
            areas: [{ area: 'DESCRIPTION', count: 1, recentChanges: 0, lastChange: null }],
            lastIngest: null,
          },
        },
      });
    const requests = stub({ ...set, DESCRIPTION: { ...set.DESCRIPTION, read: [A] } });
    renderApp('/admin/dashboard', { signedIn: true });
    // Only what editors wrote: a stock page without one shows its provider's text.
    expect(
      await screen.findByRole('link', { name: /Descriptions.*1 curated description/ }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /Stocks/ })).toBeNull();
    expect(requests.some((r) => r.url.includes('/userCounts'))).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Last data ingest' })).toBeNull();
  });
});
