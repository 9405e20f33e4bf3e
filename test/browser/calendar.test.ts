import { readFile } from 'node:fs/promises';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTitle, type CalendarEvent } from '../../core/market/calendar';
import {
  createAccount,
  idTokenFor,
  login,
  newAccount,
  stackConfig,
  type StackConfig,
} from './accounts';
import { chromiumForFile } from './chromium';
import { seriousAxeViolations } from './axe';
import { subscribeToPremium } from './premium';
import { sharedStackUrl } from '../support/shared-stack-info';
import {
  eventsInPeriod,
  type CalendarView,
} from '../../web/src/features/calendar/lib/calendar-view';

const LIST_NAME = 'Reporting soon';

/** The VEVENTs of an .ics text: lines unfolded, text unescaped (RFC 5545 §3.1, §3.3.11). */
function icsEvents(text: string): { date: string; summary: string }[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: { date: string; summary: string }[] = [];
  let current: { date?: string; summary?: string } | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push({ date: current.date!, summary: current.summary! });
      current = undefined;
    } else if (current && line.startsWith('DTSTART;VALUE=DATE:')) {
      const d = line.slice('DTSTART;VALUE=DATE:'.length);
      current.date = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
    } else if (current && line.startsWith('SUMMARY:')) {
      current.summary = line.slice('SUMMARY:'.length).replace(/\\([,;\\])/g, '$1');
    }
  }
  return events;
}

/**
 * The market calendar in Chromium on the shared local stack: a Premium user opens the
 * calendar filtered to a watchlist (only its stocks' events, as the API gives them), in the month,
 * week and list views, and downloads the .ics, whose events are the shown ones. axe: nothing
 * serious.
 */
describe('the calendar in Chromium', () => {
  const url = sharedStackUrl();
  const { newPage } = chromiumForFile();
  let config: StackConfig;

  beforeAll(async () => {
    config = await stackConfig(url);
  });

  const calendar = async (query: URLSearchParams) =>
    (
      (await (await fetch(`${url}/api/asset/stocks/calendar?${query}`)).json()) as {
        data: CalendarEvent[];
      }
    ).data;

  /** The SPA's next calendar read of the watchlist's symbols, and its events. */
  const listRead = (page: Page) =>
    page.waitForResponse(
      (r: Response) =>
        new URL(r.url()).pathname === '/api/asset/stocks/calendar' &&
        new URL(r.url()).searchParams.has('symbols'),
    );

  const status = (page: Page) => page.locator('.calendar-status');
  /** The day the SPA opens the calendar on (its cursor). */
  const todayIso = () => new Date().toISOString().slice(0, 10);

  /**
   * What a view shows of the watchlist equals what the API answers for its range and symbols; its
   * count is of the events in the view's period (a month's grid also draws its neighbours' days).
   */
  async function expectShown(
    page: Page,
    read: Response,
    symbols: readonly string[],
    view: CalendarView,
  ) {
    const asked = new URL(read.url()).searchParams;
    expect(asked.get('symbols')!.split(',').sort()).toEqual([...symbols].sort());
    const events = ((await read.json()) as { data: CalendarEvent[] }).data;
    expect(events).toEqual(await calendar(asked));
    expect(events.every((e) => symbols.includes(e.symbol))).toBe(true);
    await expect
      .poll(() => status(page).textContent())
      .toMatch(
        new RegExp(
          `^${eventsInPeriod(view, todayIso(), events).length} events? — .*, ${LIST_NAME}$`,
        ),
      );
    return { events, from: asked.get('from')!, to: asked.get('to')! };
  }

  it('shows a watchlist’s events by month, week and list, and downloads them as .ics', async () => {
    const account = newAccount('calendar');
    await createAccount(config, account);

    // Two stocks with events this month (everything's calendar, from the API).
    const today = todayIso();
    const month = today.slice(0, 7);
    const everything = await calendar(
      new URLSearchParams({ from: `${month}-01`, to: `${month}-28` }),
    );
    const symbols = [...new Set(everything.map((e) => e.symbol))].slice(0, 2);
    expect(symbols).toHaveLength(2);
    const token = await idTokenFor(url, config, account.email, account.password);
    const created = await fetch(`${url}/api/subscription/watchlists`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: LIST_NAME, symbols }),
    });
    expect(created.status).toBe(200);

    const page = await newPage();
    await login(page, url, account);
    await subscribeToPremium(page, url); // The calendar is Premium's.

    // Month (the default view), filtered to the watchlist.
    await page.goto(`${url}/calender`);
    const show = page.getByLabel('Show');
    await show.locator('option', { hasText: LIST_NAME }).waitFor({ state: 'attached' });
    let read = listRead(page);
    await show.selectOption({ label: LIST_NAME });
    const monthView = await expectShown(page, await read, symbols, 'month');
    expect(monthView.events.length).toBeGreaterThan(0);
    const titles = await page.locator('.calendar-event-title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => symbols.some((s) => t.startsWith(`${s} `)))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Week.
    read = listRead(page);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const weekView = await expectShown(page, await read, symbols, 'week');
    expect(weekView.from <= today && today <= weekView.to).toBe(true);
    await expect(
      page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // List: the month's events with their details.
    read = listRead(page);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const listView = await expectShown(page, await read, symbols, 'list');
    expect(listView.from).toBe(`${month}-01`);
    await expect
      .poll(async () =>
        (await page.locator('.calendar-list .calendar-event-title').allTextContents()).sort(),
      )
      .toEqual(listView.events.map(eventTitle).sort());
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The .ics: the list's events, each on its day.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download .ics' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await readFile(await saved.path(), 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(icsEvents(ics)).toEqual(
      listView.events.map((e) => ({ date: e.date, summary: eventTitle(e) })),
    );
    await page.context().close();
  }, 150_000);
});
