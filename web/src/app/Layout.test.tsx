import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch, testQueryClient } from '../testing/test-utils';
import { appRoutes } from './routes';

beforeEach(() => {
  vi.stubGlobal('fetch', stubFetch({}));
});

function renderAt(path: string) {
  const client = testQueryClient();
  renderRoutes(appRoutes(client), path, client);
}

describe('Layout (SPEC §2 Layout)', () => {
  it('shows the wordmark linking to /home and the single Home tab', async () => {
    renderAt('/');
    // Home's loader runs before its first render.
    expect(await screen.findByRole('link', { name: 'StockScope home' })).toHaveAttribute(
      'href',
      '/home',
    );
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(main.querySelectorAll('a')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  });

  it('shows the footer links and the 2025 copyright on a PUBLIC route', async () => {
    renderAt('/home');
    const footer = await screen.findByRole('contentinfo');
    for (const name of ['About', 'Contact', 'Privacy', 'Disclaimer']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(footer).toHaveTextContent('© 2025');
  });

  it('hides the footer on routes that are not PUBLIC', () => {
    renderAt('/login');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    renderAt('/admin/settings/stocks/detail/US0000000001');
    expect(screen.queryAllByRole('contentinfo')).toHaveLength(0);
  });
});
