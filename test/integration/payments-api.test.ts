import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FAILED_SUBJECT } from '../../lambdas/subscription/billing-service';
import type { InvoiceSummary } from '../../core/subscription';
import type { DeliveryAttempt } from '../../infra/local/stripe/webhook-delivery';
import { payCheckout } from '../../infra/local/stripe/testing/hosted-checkout';
import { devControl, sharedStack, signedInAccount } from '../support/shared-stack';

// The answers' shapes are the contract's; the test reads them loosely and asserts what it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/**
 * The subscription business over HTTP on the shared local stack, with the local Stripe playing
 * the provider: the product's API opens a checkout, the stand-in's hosted page takes a test card,
 * the signed webhook and the confirmation store the same state, and the test clock renews, fails
 * and ends subscriptions. Two users of the file's own (a subscriber and someone else); the clock
 * moves the subscriber's billing alone (the developer control named by e-mail).
 */
describe('payments (local stack and local Stripe)', () => {
  const stack = sharedStack();
  const USER = { email: '' };
  const OTHER = { email: '' };
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    for (const [account, tag] of [
      [USER, 'payer'],
      [OTHER, 'bystander'],
    ] as const) {
      const made = await signedInAccount(stack, tag);
      account.email = made.email;
      tokens[made.email] = made.idToken;
    }
  });

  const call = async (email: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}/api/subscription${path}`, {
      method,
      headers: { Authorization: tokens[email]!, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const record = async (email: string) =>
    (await call(email, 'POST', '/user', { email })).body as {
      subscription: Json | null;
    };

  const pay = payCheckout;

  const checkout = async (email: string, plan = 'premium_monthly') => {
    const started = await call(email, 'POST', '/checkout', { plan });
    expect(started.status).toBe(200);
    const url = String(started.body.url);
    return { url, sessionId: new URL(url).pathname.split('/').pop()! };
  };

  it('lists the plans with the provider’s prices', async () => {
    const plans = await call(USER.email, 'GET', '/plans');
    expect(plans.body).toEqual([
      { plan: 'premium_monthly', price: { amount: 900, currency: 'usd' }, interval: 'month' },
      { plan: 'premium_yearly', price: { amount: 9000, currency: 'usd' }, interval: 'year' },
    ]);
  });

  it('a Free user over the watchlist limit gets a clear 403 from the server', async () => {
    const first = await call(USER.email, 'POST', '/watchlists', {
      name: 'Tech',
      symbols: ['AAPL'],
    });
    expect(first.status).toBe(200);
    const second = await call(USER.email, 'POST', '/watchlists', { name: 'Banks' });
    expect(second).toEqual({
      status: 403,
      body: { message: 'Your plan’s limit of watchlists is 1. Upgrade to Premium for more.' },
    });
    const crowded = await call(USER.email, 'PUT', `/watchlists/${String(first.body.id)}`, {
      name: 'Tech',
      symbols: Array.from({ length: 21 }, (_, i) => `SYM${i}`),
      version: 1,
    });
    expect(crowded.status).toBe(403);
    expect(crowded.body.message).toMatch(/limit of symbols per watchlist is 20/);
    const bad = await call(USER.email, 'POST', '/watchlists', { name: '', symbols: ['$$$'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/name|symbols/);
  });

  it('a declined card shows the provider’s message and changes nothing', async () => {
    const { url, sessionId } = await checkout(OTHER.email);
    const answer = await pay(url, '4000 0000 0000 0002');
    expect(answer.status).toBe(402);
    expect(await answer.text()).toContain('Your card was declined.');
    const confirmation = await call(OTHER.email, 'POST', '/checkout/confirm', { sessionId });
    expect(confirmation.body).toMatchObject({
      confirmed: false,
      completed: false,
      subscription: null,
    });
    expect((await record(OTHER.email)).subscription).toBeNull();
  });

  it('subscribes with 4242: the webhook and the confirmation agree, and nobody else may confirm', async () => {
    const { url, sessionId } = await checkout(USER.email);
    const unpaid = await call(USER.email, 'POST', '/checkout/confirm', { sessionId });
    expect(unpaid.body).toMatchObject({ confirmed: false });

    const paid = await pay(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${stack.url}/payment-success?session_id=${sessionId}`,
    );
    const foreign = await call(OTHER.email, 'POST', '/checkout/confirm', { sessionId });
    expect(foreign.status).toBe(404);

    const confirmed = await call(USER.email, 'POST', '/checkout/confirm', { sessionId });
    expect(confirmed.body).toMatchObject({
      confirmed: true,
      completed: true,
      subscription: { status: 'active', plan: 'premium_monthly', card: { last4: '4242' } },
    });
    const { deliveries: delivered } = (
      await devControl<{ deliveries: DeliveryAttempt[] }>(stack, '/dev/stripe/deliveries', {
        email: USER.email,
      })
    ).body;
    expect(delivered.map((d) => d.type)).toContain('checkout.session.completed');
    expect(delivered.every((d) => d.status === 200)).toBe(true);
    expect((await record(USER.email)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      price: { amount: 900, currency: 'usd' },
    });
    // The other user’s record never got the user's subscription.
    expect((await record(OTHER.email)).subscription).toBeNull();
    const again = await call(USER.email, 'POST', '/checkout', { plan: 'premium_yearly' });
    expect(again.status).toBe(409);
    // Premium unlocks more watchlists at once.
    for (const name of ['Banks', 'Energy']) {
      expect((await call(USER.email, 'POST', '/watchlists', { name })).status).toBe(200);
    }
    const lists = await call(USER.email, 'GET', '/watchlists');
    expect(lists.body.limits).toEqual({
      tier: 'premium',
      watchlists: 20,
      symbolsPerWatchlist: 200,
    });
    // The user orders their lists; the order is stored, and a stale order is a 409.
    const seen = lists.body.watchlists as { id: string; name: string; version: number }[];
    const reversed = [...seen].reverse().map(({ id, version }) => ({ id, version }));
    const moved = await call(USER.email, 'PUT', '/watchlists/order', { order: reversed });
    expect(moved.status).toBe(200);
    const names = [...seen].reverse().map((l) => l.name);
    expect((moved.body.watchlists as { name: string }[]).map((l) => l.name)).toEqual(names);
    expect(
      ((await call(USER.email, 'GET', '/watchlists')).body.watchlists as { name: string }[]).map(
        (l) => l.name,
      ),
    ).toEqual(names);
    const stale = await call(USER.email, 'PUT', '/watchlists/order', {
      order: reversed.slice(1),
    });
    expect(stale.status).toBe(409);
    const badOrder = await call(USER.email, 'PUT', '/watchlists/order', { order: [{ id: 1 }] });
    expect(badOrder.status).toBe(400);
    const back = seen.map(({ id, version }) => ({ id, version }));
    expect((await call(USER.email, 'PUT', '/watchlists/order', { order: back })).status).toBe(200);
  });

  it('cancels at period end, resumes, switches to yearly, opens the portal and lists invoices', async () => {
    const cancelled = await call(USER.email, 'POST', '/cancel');
    expect(cancelled.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const resumed = await call(USER.email, 'POST', '/resume');
    expect(resumed.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    const yearly = await call(USER.email, 'POST', '/plan', { plan: 'premium_yearly' });
    expect(yearly.body).toMatchObject({ plan: 'premium_yearly', price: { amount: 9000 } });
    const same = await call(USER.email, 'POST', '/plan', { plan: 'premium_yearly' });
    expect(same.status).toBe(400);
    const monthly = await call(USER.email, 'POST', '/plan', { plan: 'premium_monthly' });
    expect(monthly.body).toMatchObject({ plan: 'premium_monthly' });

    const portal = await call(USER.email, 'POST', '/portal');
    expect(String(portal.body.url)).toMatch(new RegExp(`^${stack.stripe.url}/`));
    const invoices = await call(USER.email, 'GET', '/invoices');
    const list = invoices.body as unknown as InvoiceSummary[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    const pdf = await fetch(String(list[0]!.pdfUrl));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const nothing = await call(OTHER.email, 'POST', '/cancel');
    expect(nothing.status).toBe(404);
  });

  const dev = (path: string, body: unknown) => devControl<Json>(stack, `/dev/stripe/${path}`, body);

  it('a failed renewal makes it past_due and e-mails the user through the outbox (developer controls)', async () => {
    expect(
      (await dev('card', { email: 'nobody@stockscope.local', number: '4242 4242 4242 4242' }))
        .status,
    ).toBe(404);
    expect((await dev('clock', { days: -1 })).body.message).toBe('days must be more than 0');
    expect((await dev('clock', { days: 1, email: 'nobody@stockscope.local' })).status).toBe(404);
    // A number that is not a test card is the caller's mistake (400), not the server's.
    expect(await dev('card', { email: USER.email, number: '1234 5678 9012 3456' })).toEqual({
      status: 400,
      body: { message: 'number must be one of Stripe’s test cards' },
    });
    expect((await dev('card', { email: USER.email, number: '4000 0000 0000 0341' })).status).toBe(
      200,
    );
    // The switches above (yearly, then monthly the same day) left a credit: the renewals draw on
    // it first, whatever the card, and the first renewal it cannot pay in full fails on the card.
    const credit = (await record(USER.email)).subscription?.credit;
    expect(credit?.amount).toBeGreaterThan(0);
    const pastNextRenewal = async () => {
      const clock = await dev('clock', { days: 1 / 86_400, email: USER.email });
      const now = (clock.body as { now: number }).now;
      const end = Date.parse((await record(USER.email)).subscription!.currentPeriodEnd) / 1000;
      const days = (end - now + 60) / 86_400;
      expect((await dev('clock', { days, email: USER.email })).status).toBe(200);
    };
    for (let month = 0; month < Math.floor(credit!.amount / 900); month += 1) {
      await pastNextRenewal();
      expect((await record(USER.email)).subscription).toMatchObject({ status: 'active' });
    }
    await pastNextRenewal();
    expect((await record(USER.email)).subscription).toMatchObject({ status: 'past_due' });
    const mail = (await stack.outbox.list()).find(
      (m) => m.channel === 'email' && m.to === USER.email && m.subject === PAYMENT_FAILED_SUBJECT,
    );
    expect(mail?.body).toContain(`${stack.url}/profile`);
  });

  it('cancelled at period end and past the period, the user is back on Free', async () => {
    const email = USER.email;
    expect((await dev('card', { email, number: '4242 4242 4242 4242' })).status).toBe(200);
    // The retries pay with the good card; then the user cancels, and the period runs out.
    expect((await dev('clock', { days: 3 + 60 / 86_400, email })).status).toBe(200);
    expect((await record(USER.email)).subscription).toMatchObject({ status: 'active' });
    await call(USER.email, 'POST', '/cancel');
    expect((await dev('clock', { days: 40, email })).status).toBe(200);
    expect((await record(USER.email)).subscription).toMatchObject({ status: 'canceled' });

    // Back on Free: the lists beyond Free's limit are kept, read-only, and may be deleted.
    const { watchlists } = (await call(USER.email, 'GET', '/watchlists')).body as {
      watchlists: { id: string; name: string; readOnly: boolean; version: number }[];
    };
    expect(watchlists.map((w) => [w.name, w.readOnly])).toEqual([
      ['Tech', false],
      ['Banks', true],
      ['Energy', true],
    ]);
    const banks = watchlists[1]!;
    const edit = await call(USER.email, 'PUT', `/watchlists/${banks.id}`, {
      name: 'Banks',
      symbols: ['JPM'],
      version: banks.version,
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toMatch(/kept read-only/);
    expect((await call(USER.email, 'DELETE', `/watchlists/${banks.id}`)).status).toBe(200);
  });
});
