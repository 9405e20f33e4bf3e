import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetRuntimeConfigForTests } from '../lib/auth/runtime-config';
import { markDemoDataFromConfig, resetDemoData } from '../lib/demo-data';
import { TEST_CONFIG } from '../testing/render-app';
import { jsonResponse as json, mockFetchPerTest } from '../testing/test-utils';
import { DemoBanner } from './Layout';

const fetchMock = mockFetchPerTest();

beforeEach(() => {
  resetDemoData();
  resetRuntimeConfigForTests();
});

/** Only /config.json answers: any API read stays pending, as it is at first paint. */
function serveConfig(config: object): void {
  fetchMock.mockImplementation((input: RequestInfo | URL) =>
    String(input) === '/config.json' ? Promise.resolve(json(config)) : new Promise(() => {}),
  );
}

const BANNER =
  'Demo data: the companies, statements and prices on this site are generated and simulated, not real market data.';

// The banner is the pages' largest paint: it must not wait for the first API answer.
describe('the demo banner from the runtime configuration', () => {
  it('shows from config.json alone, before any API answers', async () => {
    serveConfig({ ...TEST_CONFIG, demoData: true });
    render(<DemoBanner />);
    await markDemoDataFromConfig();

    expect(await screen.findByRole('note')).toHaveTextContent(BANNER);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/config.json']);
  });

  it('stays hidden when the configuration does not say demo (AWS)', async () => {
    serveConfig(TEST_CONFIG);
    render(<DemoBanner />);
    await markDemoDataFromConfig();

    expect(screen.queryByRole('note')).toBeNull();
  });

  it('stays hidden, without throwing, when config.json cannot be read', async () => {
    fetchMock.mockResolvedValue(new Response('nope', { status: 500 }));
    render(<DemoBanner />);
    await expect(markDemoDataFromConfig()).resolves.toBeUndefined();

    expect(screen.queryByRole('note')).toBeNull();
  });
});
