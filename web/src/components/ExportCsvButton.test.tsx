import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { premiumOnlyText } from '@core/subscription';
import { CSV_EXPORT_FEATURE } from '@core/user-files';
import * as amplify from '../testing/amplify-mock';
import { renderApp, stubApis } from '../testing/render-app';
import { jsonResponse } from '../testing/test-utils';

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'free@example.com' });
  localStorage.clear();
});

afterEach(() => vi.restoreAllMocks());

describe('Export CSV', () => {
  it('shows a Free user the upgrade prompt with the server’s 403 text', async () => {
    const requests = stubApis({
      user: { email: 'free@example.com', subscription: null },
      extra: {
        '/api/subscription/watchlists': () =>
          jsonResponse({
            watchlists: [
              {
                id: 'wl_export0001',
                name: 'Tech',
                symbols: [],
                version: 1,
                createdAt: '2026-01-01T00:00:00Z',
                updatedAt: '2026-01-01T00:00:00Z',
                readOnly: false,
              },
            ],
            limits: { tier: 'free', watchlists: 1, symbolsPerWatchlist: 20 },
          }),
        '/api/subscription/exports': () =>
          jsonResponse({ message: premiumOnlyText(CSV_EXPORT_FEATURE) }, 403),
      },
    });
    renderApp('/dashboard', { signedIn: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Export watchlists as CSV' }, { timeout: 10_000 }),
    );
    const prompt = await screen.findByText(premiumOnlyText(CSV_EXPORT_FEATURE));
    expect(within(prompt).getByRole('link', { name: 'See the Premium plans' })).toBeInTheDocument();
    const exports = requests.filter((r) => r.url.endsWith('/api/subscription/exports'));
    expect(JSON.parse(String(exports[0]!.init!.body))).toEqual({ kind: 'watchlists' });
  }, 15_000);
});
