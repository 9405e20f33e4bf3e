import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import {
  createAccount,
  login,
  newAccount,
  outboxAt,
  stackConfig,
  type StackConfig,
} from './accounts';
import { alertMoment, runAlertsAt } from '../support/alert-moment';
import { chromiumForFile } from './chromium';
import { seriousAxeViolations } from './axe';
import { SHARED_DEMO_COUNT as BROWSER_DEMO_COUNT } from '../support/stack-global-setup';
import { sharedStackUrl } from '../support/shared-stack-info';

/**
 * Price alerts in Chromium on the shared local stack: a user sets an alert just above a stock's
 * simulated price (as the quote API gives it) at a moment the price passes it (the next minute, or
 * a closed market's next session); the evaluator run for that user as of now leaves it waiting,
 * and as of that moment fires it (the dev control's clock, never the wall clock): its
 * e-mail is in the outbox, and the dashboard's list and the header's bell show it unread until the
 * user marks it read. An alert on an unknown symbol is refused at the field. axe finds nothing
 * serious on the dashboard.
 */
describe('price alerts in Chromium', () => {
  const url = sharedStackUrl();
  const { newPage } = chromiumForFile();
  let config: StackConfig;

  beforeAll(async () => {
    config = await stackConfig(url);
  });

  /** The stack's demo companies, to find one whose simulated price rises (see alertMoment). */
  const companies = generateUniverse({ count: BROWSER_DEMO_COUNT, anchor: FIXED_DEMO_ANCHOR }).map(
    (company) => ({
      symbol: company.profile.symbol,
      exchangeShortName: company.profile.exchangeShortName,
      instrument: company.instrument,
    }),
  );

  const notices = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

  it('an alert just above the price waits, then fires as of the rise: e-mail, list, unread count', async () => {
    const account = newAccount('alerts');
    await createAccount(config, account);
    const page = await newPage();
    await login(page, url, account);
    await page.goto(`${url}/dashboard`);
    const form = page.getByRole('form', { name: 'New price alert' });
    await form.waitFor();
    // The dashboard's controls are the product's (its font, bordered and rounded), not the
    // browser's defaults.
    const looks = await form.evaluate((element) => {
      const bodyFont = getComputedStyle(document.body).fontFamily;
      return Array.from(element.querySelectorAll('input, select, button')).map((control) => {
        const style = getComputedStyle(control);
        return {
          control: control.outerHTML.slice(0, 60),
          font: style.fontFamily === bodyFont,
          rounded: style.borderTopLeftRadius !== '0px',
        };
      });
    });
    expect(looks.length).toBeGreaterThan(2);
    expect(looks.filter((look) => !look.font || !look.rounded)).toEqual([]);

    // Unknown symbols never fire: the server refuses one, naming the field.
    await form.getByRole('textbox', { name: 'Symbol' }).fill('NOSUCH');
    await form.getByRole('spinbutton', { name: 'Price' }).fill('10');
    await form.getByRole('button', { name: 'Create alert' }).click();
    await form.getByRole('alert').filter({ hasText: 'symbol: NOSUCH is not a listed' }).waitFor();

    // A rise at the next minute, or (every exchange closed) in the next session.
    const pick = alertMoment(companies, Date.now());
    if (!pick) throw new Error('no rising price in the next four days');
    const quote = (await (await fetch(`${url}/api/asset/stocks/quote/${pick.symbol}`)).json()) as {
      data: [{ price: number }];
    };
    const price = quote.data[0].price;
    expect(pick.after).toBeGreaterThan(price);
    const threshold = Math.round(((price + pick.after) / 2) * 100) / 100;
    expect(threshold).toBeGreaterThan(price);

    await form.getByRole('textbox', { name: 'Symbol' }).fill(pick.symbol);
    await form.getByRole('spinbutton', { name: 'Price' }).fill(String(threshold));
    const since = new Date().toISOString();
    await form.getByRole('button', { name: 'Create alert' }).click();
    const alerts = page.getByRole('region', { name: 'Price alerts' });
    await alerts.getByText(`${pick.symbol} at or above`).waitFor();

    const mailFor = async () =>
      (await outboxAt(url).list()).find(
        (m) =>
          m.channel === 'email' &&
          m.to === account.email &&
          m.at >= since &&
          m.subject?.includes(`${pick.symbol} at or above`),
      );
    // As of now (the price below the threshold) the alert waits; as of the rise it fires.
    await runAlertsAt(url, Date.now(), account.email);
    expect(await mailFor()).toBeUndefined();
    await runAlertsAt(url, pick.at, account.email);
    expect(await mailFor()).toBeDefined();

    // In the app: the list and the header's bell say 1 unread.
    await page.reload();
    const list = notices(page);
    await list.getByLabel('1 unread').waitFor();
    await list.getByText(`Price alert: ${pick.symbol} at or above`).waitFor();
    const bell = page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await alerts.getByRole('button', { name: /Re-arm/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The bell leads to the list: from the top of another page it comes into view, focused.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await page.waitForFunction(() => {
      const section = document.getElementById('notifications');
      const box = section?.getBoundingClientRect();
      return !!box && box.top >= 0 && box.top < innerHeight && document.activeElement === section;
    });

    // Marking it read: the count follows, in the list and in the header.
    await list.getByRole('button', { name: /^Mark read: Price alert/ }).click();
    await list.getByLabel('0 unread').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Notifications, 0 unread' }).waitFor();
    await page.context().close();
  }, 60_000);
});
