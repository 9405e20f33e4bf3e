import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_FEATURE_NAME, type CalendarEvent } from '@core/market/calendar';
import { premiumOnlyText } from '@core/subscription';
import type { WatchlistsAnswer } from '@core/watchlists';
import * as amplify from '../../../testing/amplify-mock';
import { jsonResponse } from '../../../testing/test-utils';
import { renderWithAuth } from '../../../testing/render-with-auth';
import { stubApis, type RecordedRequest } from '../../../testing/render-app';
import { activeSubscription } from '../../../testing/subscription';
import { CalendarPanel } from './CalendarPanel';

const TODAY = new Date('2026-11-26T12:00:00Z');

const EVENTS: CalendarEvent[] = [
  {
    kind: 'earnings',
    symbol: 'ACME',
    date: '2026-11-05',
    fiscalDateEnding: '2026-09-30',
    time: 'amc',
    epsEstimated: 1,
    eps: 1.2,
    surprise: 0.2,
    surprisePercent: 20,
    currency: 'USD',
  },
  {
    kind: 'dividend',
    symbol: 'BETA.L',
    date: '2026-11-24',
    declarationDate: '2026-10-30',
    recordDate: '2026-11-25',
    paymentDate: '2026-12-10',
    dividend: 0.12,
    yield: 2.5,
    frequency: 4,
    currency: 'GBP',
  },
  { kind: 'split', symbol: 'ACME', date: '2026-11-27', numerator: 2, denominator: 1 },
  ...['C1', 'C2', 'C3', 'C4', 'C5', 'C6'].map((symbol): CalendarEvent => ({
    kind: 'split',
    symbol,
    date: '2026-11-30',
    numerator: 3,
    denominator: 1,
  })),
  // In the month grid's last week but not in November: drawn there, not counted for November.
  { kind: 'split', symbol: 'DECO', date: '2026-12-02', numerator: 2, denominator: 1 },
];

const WATCHLISTS: WatchlistsAnswer = {
  watchlists: [
    {
      id: 'wl-1',
      name: 'Tech, mostly',
      symbols: ['ACME', 'ZED'],
      version: 1,
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
      readOnly: false,
    },
    {
      id: 'wl-2',
      name: 'Empty',
      symbols: [],
      version: 1,
      createdAt: '2026-11-02T00:00:00Z',
      updatedAt: '2026-11-02T00:00:00Z',
      readOnly: false,
    },
  ],
  limits: { tier: 'premium', watchlists: 20, symbolsPerWatchlist: 200 },
};

let requests: RecordedRequest[];
const calendarUrls = () =>
  requests
    .map((r) => new URL(r.url, 'http://localhost'))
    .filter((u) => u.pathname === '/api/asset/stocks/calendar');

function setUp(subscription: unknown) {
  requests = stubApis({
    user: { email: 'cal@example.com', subscription },
    extra: {
      '/api/subscription/watchlists': () => jsonResponse(WATCHLISTS),
      '/api/asset/stocks/calendar': () => {
        const url = new URL(requests.at(-1)!.url, 'http://localhost');
        const symbols = url.searchParams.get('symbols')?.split(',');
        const [from, to] = [url.searchParams.get('from')!, url.searchParams.get('to')!];
        return jsonResponse({
          data: EVENTS.filter(
            (e) => (!symbols || symbols.includes(e.symbol)) && e.date >= from && e.date <= to,
          ),
          demo: true,
        });
      },
    },
  });
  renderWithAuth(<CalendarPanel />, { path: '/calender', signedIn: true });
}

let saved: { blob: Blob; name: string }[];
beforeEach(() => {
  vi.useFakeTimers({ now: TODAY, toFake: ['Date'] });
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'cal@example.com' });
  localStorage.clear();
  saved = [];
  let lastBlob: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:calendar';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ blob: lastBlob!, name: this.download });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CalendarPanel', () => {
  it('shows the month of today with its events, whole weeks from Monday', async () => {
    setUp(activeSubscription());
    const grid = await screen.findByRole('table', { name: 'November 2026' });
    await within(grid).findByText('ACME earnings');
    const day = within(grid).getByRole('cell', { name: /^Tuesday, November 24, 2026/ });
    expect(day).toHaveTextContent('BETA.L ex-dividend 0.12 GBP');
    expect(
      within(grid).getByRole('cell', { name: /^Thursday, November 26, 2026/ }),
    ).toHaveAttribute('aria-current', 'date');
    expect(within(grid).getByText('ACME 2-for-1 stock split')).toBeInTheDocument();
    // A busy day lists a few events, then how many more.
    const busy = within(grid).getByRole('cell', { name: /^Monday, November 30, 2026/ });
    expect(within(busy).getAllByRole('listitem')).toHaveLength(5);
    expect(busy).toHaveTextContent('+2 more');
    const url = calendarUrls()[0]!;
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(screen.getByRole('status')).toHaveTextContent('9 events — November 2026, Everything');
    expect(within(grid).getByText('DECO 2-for-1 stock split')).toBeInTheDocument();
  });

  it('counts the same events for a month in the Month and the List view', async () => {
    const user = userEvent.setup();
    setUp(activeSubscription());
    await within(await screen.findByRole('table', { name: 'November 2026' })).findByText(
      'DECO 2-for-1 stock split',
    );
    expect(screen.getByRole('status')).toHaveTextContent('9 events — November 2026');
    await user.click(screen.getByRole('button', { name: 'List' }));
    await screen.findByRole('region', { name: 'November 2026' });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('9 events — November 2026'),
    );
  });

  it('switches to the week and the list, and moves between periods', async () => {
    const user = userEvent.setup();
    setUp(activeSubscription());
    await screen.findByText('ACME earnings');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    const week = await screen.findByRole('region', { name: 'Week of November 23, 2026' });
    expect(
      within(week).getByRole('region', { name: 'Tuesday, November 24, 2026' }),
    ).toHaveTextContent('BETA.L ex-dividend');
    expect(calendarUrls().at(-1)!.searchParams.get('from')).toBe('2026-11-23');
    await user.click(screen.getByRole('button', { name: 'List' }));
    const list = await screen.findByRole('region', { name: 'November 2026' });
    expect(list).toHaveTextContent('EPS reported: 1.20 USD');
    expect(list).toHaveTextContent('Surprise: +0.2 (+20%)');
    expect(list).toHaveTextContent('Payable: 2026-12-10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(Object.fromEntries(calendarUrls().at(-1)!.searchParams)).toEqual({
        from: '2026-12-01',
        to: '2026-12-31',
      }),
    );
  });

  it('filters to a watchlist and downloads the shown events as .ics', async () => {
    const user = userEvent.setup();
    setUp(activeSubscription());
    await screen.findByText('ACME earnings');
    await user.selectOptions(await screen.findByLabelText('Show'), 'Tech, mostly');
    await waitFor(() =>
      expect(calendarUrls().at(-1)!.searchParams.get('symbols')).toBe('ACME,ZED'),
    );
    await waitFor(() => expect(screen.queryByText(/BETA\.L/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Download .ics' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('stockscope-Tech-mostly-2026-11-01-2026-11-30.ics');
    // jsdom's Blob has no text(): read it as a browser without it would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!.blob);
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('X-WR-CALNAME:StockScope: Tech\\, mostly\r\n');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).not.toContain('BETA.L');
  });

  it('asks for nothing for an empty watchlist', async () => {
    const user = userEvent.setup();
    setUp(activeSubscription());
    await screen.findByText('ACME earnings');
    const before = calendarUrls().length;
    await user.selectOptions(await screen.findByLabelText('Show'), 'Empty');
    expect(await screen.findByText('This watchlist has no stocks yet.')).toBeInTheDocument();
    expect(screen.queryByText('ACME earnings')).toBeNull();
    expect(calendarUrls()).toHaveLength(before);
    expect(screen.getByRole('button', { name: 'Download .ics' })).toBeDisabled();
  });

  it('offers Premium to a Free user instead of the calendar', async () => {
    setUp(null);
    expect(await screen.findByRole('note')).toHaveTextContent(
      premiumOnlyText(CALENDAR_FEATURE_NAME),
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(calendarUrls()).toHaveLength(0);
  });
});
