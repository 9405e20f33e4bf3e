import { seriousAxeViolations } from './axe';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_CONFIRM_LABEL,
  CANCEL_TITLE,
  SWITCH_CREDIT_LABEL,
  SWITCH_DUE_TODAY_LABEL,
} from '../../core/plan-change';
import { PAYMENT_FAILED_SUBJECT } from '../../lambdas/subscription/billing-service';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { DEV_STRIPE_CARD_PATH, DEV_STRIPE_CLOCK_PATH } from '../../infra/local/dev-stripe';
import {
  createAccount,
  login,
  newAccount,
  outboxAt,
  stackConfig,
  type NewAccount,
  type StackConfig,
} from './accounts';
import { chromiumForFile } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

const DEMO_USER = DEMO_ACCOUNTS.find((a) => a.email === 'user@stockscope.local')!;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Payments in Chromium on the shared local stack, with the local Stripe as the provider: its
 * hosted checkout takes Stripe's test cards, its signed webhooks reach the product, and its test
 * clock (a developer control) renews, fails and ends subscriptions. Each scenario moves the clock
 * of its own user only: the stack is shared with other files' subscribers.
 */
describe('payments in Chromium (local Stripe)', () => {
  const url = sharedStackUrl();
  const { newPage } = chromiumForFile();
  let config: StackConfig;

  beforeAll(async () => {
    config = await stackConfig(url);
  });

  /** A developer control of the local Stripe, as JSON (infra/local/dev-stripe.ts). */
  const devControl = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  };
  const advanceClock = (days: number, email: string) =>
    devControl(DEV_STRIPE_CLOCK_PATH, { days, email });

  const panel = (page: Page) => page.getByRole('region', { name: 'Subscription' });
  /** The value of a term in the subscription's details. */
  const detail = (page: Page, term: string) =>
    panel(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

  const openProfile = async (page: Page) => {
    await page.goto(`${url}/profile`);
    await panel(page).waitFor();
  };

  /** From /profile, Subscribe to a plan: the browser leaves for the provider's hosted checkout. */
  const startCheckout = async (page: Page, plan = 'Premium, billed monthly') => {
    await openProfile(page);
    await page.getByRole('button', { name: `Subscribe to ${plan}` }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/checkout/cs_'));
    expect(new URL(page.url()).origin).not.toBe(new URL(url).origin);
    await page.getByRole('heading', { name: 'Subscribe to StockScope Premium' }).waitFor();
  };

  /** Pays on the hosted checkout page with a test card. */
  const pay = async (page: Page, card: string) => {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe' }).click();
  };

  /** Paid with 4242: back on the product, /payment-success confirms Premium. */
  const subscribe = async (page: Page) => {
    await startCheckout(page);
    await pay(page, '4242 4242 4242 4242');
    await page.waitForURL((u) => u.pathname === '/payment-success');
    expect(new URL(page.url()).searchParams.get('session_id')).toMatch(/^cs_/);
    await page.getByRole('heading', { name: 'Premium is active' }).waitFor({ timeout: 20_000 });
  };

  const plainUser = async (tag: string): Promise<NewAccount> => {
    const account = newAccount(tag);
    await createAccount(config, account);
    return account;
  };

  it('the demo user subscribes monthly with 4242, cancels, resumes, cancels, and is Free after the period', async () => {
    const page = await newPage();
    await login(page, url, {
      email: DEMO_USER.email,
      password: DEMO_USER.password,
      phone: DEMO_USER.phoneNumber,
    });
    await openProfile(page);
    await expect.poll(() => detail(page, 'Plan').textContent()).toBe('Free');

    // 1–2: the hosted checkout with 4242, back to /payment-success: Premium active.
    await subscribe(page);
    const confirmed = panel(page);
    expect(await confirmed.textContent()).toContain('Premium, billed monthly');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const renewal = (await detail(page, 'Renews on').textContent()) ?? '';
    expect(renewal).toMatch(ISO_DAY);

    await page.getByRole('link', { name: 'Manage it on your profile' }).click();
    await page.waitForURL((u) => u.pathname === '/profile');
    expect(await detail(page, 'Plan').textContent()).toBe('Premium, billed monthly');
    expect(await detail(page, 'Status').textContent()).toBe('Active');
    expect(await detail(page, 'Renews on').textContent()).toBe(renewal);
    expect(await detail(page, 'Card').textContent()).toBe('Visa ending in 4242');
    await page
      .getByRole('table', { name: 'Invoices' })
      .getByRole('link', { name: /PDF/ })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The switch asks first, in the browser's modal dialog, with what is due today and the credit
    // (the provider's preview); Escape backs out.
    await page.getByRole('button', { name: 'Switch to yearly billing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to yearly billing?' });
    await dialog.getByText(SWITCH_DUE_TODAY_LABEL).waitFor();
    expect(await dialog.textContent()).toContain(SWITCH_CREDIT_LABEL);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await detail(page, 'Plan').textContent()).toBe('Premium, billed monthly');

    // 3: cancel at period end (after a confirmation), resume, cancel again: each answer changes
    // what the profile says.
    const cancel = async () => {
      await page.getByRole('button', { name: 'Cancel at period end' }).click();
      await page
        .getByRole('dialog', { name: CANCEL_TITLE })
        .getByRole('button', { name: CANCEL_CONFIRM_LABEL })
        .click();
    };
    await cancel();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    expect(await detail(page, 'Ends on').textContent()).toBe(renewal);
    expect(await panel(page).getByText('Renews on').count()).toBe(0);

    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByRole('button', { name: 'Cancel at period end' }).waitFor();
    expect(await detail(page, 'Renews on').textContent()).toBe(renewal);

    await cancel();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    expect(await detail(page, 'Ends on').textContent()).toBe(renewal);

    // 4: past the period on the test clock, the subscription ends: the user is on Free.
    await advanceClock(40, DEMO_USER.email);
    await page.reload();
    await panel(page).waitFor();
    await expect.poll(() => detail(page, 'Plan').textContent()).toBe('Free');
    expect(await detail(page, 'Last subscription').textContent()).toBe(
      `Canceled, ended on ${renewal}`,
    );
    await page.getByRole('button', { name: 'Subscribe to Premium, billed monthly' }).waitFor();
    await page.goto(`${url}/dashboard`);
    await expect.poll(() => detail(page, 'Plan').textContent()).toBe('Free');
    await page.context().close();
  });

  it('a declined card shows the provider’s message on its page and changes nothing', async () => {
    const account = await plainUser('declined');
    const page = await newPage();
    await login(page, url, account);
    await startCheckout(page);
    await pay(page, '4000 0000 0000 0002');
    expect(await page.getByRole('alert').textContent()).toBe('Your card was declined.');
    expect(new URL(page.url()).pathname).toMatch(/^\/checkout\/cs_/);

    // Back (the checkout's cancel_url) to the profile: still Free, nothing billed.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/profile' && u.origin === new URL(url).origin);
    await panel(page).waitFor();
    await expect.poll(() => detail(page, 'Plan').textContent()).toBe('Free');
    expect(await panel(page).getByRole('region', { name: 'Invoices' }).count()).toBe(0);
    await page.context().close();
  });

  it('a failed renewal makes the subscription past due: the profile and a banner say so, and the e-mail is in the outbox', async () => {
    const account = await plainUser('renewal-fails');
    const page = await newPage();
    await login(page, url, account);
    await subscribe(page);
    const since = new Date().toISOString();

    // The card the renewal charges fails (Stripe's 0341), and the period runs out.
    await devControl(DEV_STRIPE_CARD_PATH, { email: account.email, number: '4000 0000 0000 0341' });
    await advanceClock(32, account.email);

    await openProfile(page);
    await expect.poll(() => detail(page, 'Status').textContent()).toBe('Past due');
    const banner = page.getByRole('region', { name: 'Payment failed' });
    expect(await banner.textContent()).toContain('Your last payment failed.');
    await banner.getByRole('button', { name: 'Update card' }).waitFor();
    // On every page of a signed-in user, not only the profile.
    await page.goto(`${url}/dashboard`);
    await banner.waitFor();

    const mail = (await outboxAt(url).list()).find(
      (m) =>
        m.channel === 'email' &&
        m.to === account.email &&
        m.subject === PAYMENT_FAILED_SUBJECT &&
        m.at >= since,
    );
    expect(mail?.body).toContain(`${url}/profile`);

    // Update card: the provider's billing portal takes a good card, and the profile shows it.
    await banner.getByRole('button', { name: 'Update card' }).click();
    await page.getByRole('heading', { name: 'StockScope billing' }).waitFor();
    expect(await page.getByText('Card: ').textContent()).toContain('•••• 0341');
    await page.getByLabel('New card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Update card' }).click();
    await page.getByRole('status').waitFor();
    // The portal retries the open invoice with the new card at once, as Stripe does.
    expect(await page.getByText('Status: ').textContent()).toContain('Active');
    await page.getByRole('link', { name: 'Return to StockScope' }).click();
    await page.waitForURL((u) => u.pathname === '/profile' && u.origin === new URL(url).origin);
    // The card reaches the product by the provider's webhook, a moment later.
    await expect
      .poll(async () => {
        await page.reload();
        await panel(page).waitFor();
        return detail(page, 'Card').textContent();
      })
      .toBe('Visa ending in 4242');
    await page.context().close();
  });
});
