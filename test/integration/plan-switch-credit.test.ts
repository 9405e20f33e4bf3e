import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanChangePreview } from '../../core/plan-change';
import type { InvoiceSummary, SubscriptionState } from '../../core/subscription';
import type { UserRecord } from '../../core/user-record';
import { payCheckout } from '../../infra/local/stripe/testing/hosted-checkout';
import {
  devControl,
  sharedStack,
  signedInAccount,
  type SignedInAccount,
} from '../support/shared-stack';

const usd = (amount: number) => ({ amount, currency: 'usd' });

/**
 * A change of billing interval keeps every cent, over HTTP on the shared local stack and the local
 * Stripe: the switch charges what its preview said, a credit larger than the charge stays on the
 * account (shown with the subscription and on the invoices) and pays the next renewal.
 */
describe('plan switches and the credit balance (local stack and local Stripe)', () => {
  const stack = sharedStack();
  let user: SignedInAccount;

  beforeAll(async () => {
    user = await signedInAccount(stack, 'plan-switch');
  });

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(`${stack.url}/api/subscription${path}`, {
      method,
      headers: { Authorization: user.idToken, 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }
  async function ok<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await call<T & { message?: string }>(method, path, body);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body;
  }
  /** Moves the user's own test clock on, and waits for the events it caused to be delivered. */
  const advanceDays = async (days: number) =>
    expect((await devControl(stack, '/dev/stripe/clock', { days, email: user.email })).status).toBe(
      200,
    );
  const subscription = async () =>
    (await ok<UserRecord>('POST', '/user', { email: user.email })).subscription;
  const invoices = () => ok<InvoiceSummary[]>('GET', '/invoices');

  it('monthly → yearly → monthly the same day keeps the credit, and the next renewal is paid with it', async () => {
    const { url } = await ok<{ url: string }>('POST', '/checkout', { plan: 'premium_monthly' });
    expect((await payCheckout(url)).status).toBe(303);
    await advanceDays(1);
    expect(await subscription()).toMatchObject({ plan: 'premium_monthly', status: 'active' });

    const toYearly = await ok<PlanChangePreview>('GET', '/plan/preview?plan=premium_yearly');
    const unusedMonth = toYearly.prorationCredit.amount;
    // A day of a month ($9) is used: what is left is credited.
    expect(unusedMonth).toBeGreaterThan(860);
    expect(unusedMonth).toBeLessThan(900);
    expect(toYearly).toMatchObject({
      plan: 'premium_yearly',
      newPrice: usd(9000),
      balanceApplied: usd(0),
      amountDue: usd(9000 - unusedMonth),
      creditBefore: usd(0),
      creditAfter: usd(0),
    });
    // The user reads the dialog for ten minutes: the switch still charges what it showed.
    await advanceDays(10 / 1440);
    const yearly = await ok<SubscriptionState>('POST', '/plan', {
      plan: 'premium_yearly',
      prorationDate: toYearly.prorationDate,
    });
    expect(yearly).toMatchObject({ plan: 'premium_yearly', status: 'active' });
    expect(yearly.credit).toBeUndefined();
    expect((await invoices())[0]).toMatchObject({
      status: 'paid',
      total: toYearly.amountDue,
      amountPaid: toYearly.amountDue,
    });

    // Back to monthly the same day: the unused year ($90) is more than a month costs ($9).
    const toMonthly = await ok<PlanChangePreview>('GET', '/plan/preview?plan=premium_monthly');
    expect(toMonthly).toMatchObject({
      newPrice: usd(900),
      prorationCredit: usd(9000),
      amountDue: usd(0),
      creditAfter: usd(8100),
    });
    const monthly = await ok<SubscriptionState>('POST', '/plan', {
      plan: 'premium_monthly',
      prorationDate: toMonthly.prorationDate,
    });
    expect(monthly).toMatchObject({ plan: 'premium_monthly', credit: usd(8100) });
    expect((await subscription())?.credit).toEqual(usd(8100));
    expect((await invoices())[0]).toMatchObject({
      total: usd(-8100),
      amountPaid: usd(0),
      creditAdded: usd(8100),
      creditApplied: usd(0),
    });

    // The next renewal ($9) is paid from the credit: nothing is charged, $72 remains.
    await advanceDays(32);
    expect(await subscription()).toMatchObject({
      plan: 'premium_monthly',
      status: 'active',
      credit: usd(7200),
    });
    expect((await invoices())[0]).toMatchObject({
      status: 'paid',
      total: usd(900),
      amountPaid: usd(0),
      creditApplied: usd(900),
    });
  });

  it('a switch at a preview older than a quote lasts is refused (409) and changes nothing', async () => {
    const preview = await ok<PlanChangePreview>('GET', '/plan/preview?plan=premium_yearly');
    await advanceDays(1);
    const before = await invoices();
    const refused = await call<{ message: string }>('POST', '/plan', {
      plan: 'premium_yearly',
      prorationDate: preview.prorationDate,
    });
    expect(refused.status).toBe(409);
    expect(await subscription()).toMatchObject({ plan: 'premium_monthly' });
    expect(await invoices()).toHaveLength(before.length);
  });

  it('names the field of a bad preview or switch (400)', async () => {
    const preview = await call<{ message: string }>('GET', '/plan/preview?plan=gold');
    expect(preview.status).toBe(400);
    expect(preview.body.message).toMatch(/plan/);
    const change = await call<{ message: string }>('POST', '/plan', {
      plan: 'premium_yearly',
      prorationDate: 'yesterday',
    });
    expect(change.status).toBe(400);
    expect(change.body.message).toMatch(/prorationDate/);
  });
});
