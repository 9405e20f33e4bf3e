import { beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertsAnswer, NotificationsAnswer } from '../../core/alerts';
import { seededSessionRise, runAlertsAt } from '../support/alert-moment';
import { sharedStack, signedInAccount } from '../support/shared-stack';

/**
 * Price alerts over HTTP against the shared local stack, whose simulated market moves minute by
 * minute, on the dev clock: the evaluator runs as of chosen minutes of a coming session (POST
 * /dev/alerts/run, for this file's user alone) on a company whose exchange is closed now, so the
 * stack's own timer (pricing the real now) never fires it and no test waits for the wall clock.
 * An alert just above the price does not fire while the price is below it, fires on the cycle
 * the price reaches it, is listed as a notice and e-mailed to the outbox, once.
 */
describe('price alerts on the local stack', () => {
  const stack = sharedStack();
  const user = { email: '' };
  let token = '';

  beforeAll(async () => {
    const account = await signedInAccount(stack, 'alerts');
    user.email = account.email;
    token = account.idToken;
  });

  async function call<T>(method: string, path: string, body?: unknown) {
    const response = await fetch(`${stack.url}/api/subscription${path}`, {
      method,
      headers: {
        Authorization: token,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }
  /** One evaluation cycle of this user's alerts, as of `at`: how many fired. */
  const cycleAt = (at: number) => runAlertsAt(stack.url, at, user.email);

  it('fires an alert set just above the price on the cycle the price reaches it', async () => {
    // The simulated market is deterministic: find a company whose price rises in a coming
    // session, and set the alert between the prices before and at the rise.
    const pick = await seededSessionRise(stack, Date.now());
    const { symbol, instants } = pick;
    const [below, stillBelow, rise] = instants;
    const price = Math.round(((pick.before + pick.after) / 2) * 10_000) / 10_000;
    expect(price).toBeGreaterThan(pick.before);

    const created = await call<Alert>('POST', '/alerts', {
      symbol,
      condition: { kind: 'above', price },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ armed: true, version: 1 });

    // Below the price: two cycles pass without a fire.
    expect((await cycleAt(below)) + (await cycleAt(stillBelow))).toBe(0);
    expect((await call<NotificationsAnswer>('GET', '/notifications')).body.unread).toBe(0);

    // The cycle as of the minute the price passes it fires it.
    expect(await cycleAt(rise)).toBe(1);
    const listed = (await call<NotificationsAnswer>('GET', '/notifications')).body;
    expect(listed.unread).toBe(1);
    expect(listed.notifications[0]).toMatchObject({
      alertId: created.body.id,
      symbol,
      read: false,
      title: expect.stringContaining(`${symbol} at or above`),
    });

    const alerts = (await call<AlertsAnswer>('GET', '/alerts')).body;
    const alert = alerts.alerts.find((a) => a.id === created.body.id)!;
    expect(alert).toMatchObject({ armed: false, version: 2 });
    expect(alert.firedPrice).toBeGreaterThanOrEqual(price);

    const mail = (await stack.outbox.list()).filter(
      (m) => m.channel === 'email' && m.to === user.email && m.subject?.startsWith('Price alert:'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(symbol);

    // It fired once: more cycles pass, nothing more.
    expect((await cycleAt(rise + 60_000)) + (await cycleAt(rise + 120_000))).toBe(0);
    expect(
      (await call<NotificationsAnswer>('GET', '/notifications')).body.notifications,
    ).toHaveLength(1);

    // Read, then re-armed by its owner; a stale re-arm is a 409.
    const read = await call<NotificationsAnswer>(
      'POST',
      `/notifications/${listed.notifications[0]!.id}/read`,
    );
    expect(read.body.unread).toBe(0);
    const stale = await call('PUT', `/alerts/${alert.id}`, {
      condition: alert.condition,
      armed: true,
      version: 1,
    });
    expect(stale.status).toBe(409);
    const rearmed = await call<Alert>('PUT', `/alerts/${alert.id}`, {
      condition: alert.condition,
      armed: true,
      version: alert.version,
    });
    expect(rearmed.body).toMatchObject({ armed: true, version: 3 });
    expect((await call('DELETE', `/alerts/${alert.id}`)).status).toBe(200);
  });

  it("refuses an alert beyond the plan's limit with a 403 that says why, and an unknown symbol", async () => {
    const make = () =>
      call<{ message: string }>('POST', '/alerts', {
        symbol: '^GSPC',
        condition: { kind: 'above', price: 1e9 },
      });
    const { alerts, limits } = (await call<AlertsAnswer>('GET', '/alerts')).body;
    expect(limits).toEqual({ tier: 'free', alerts: 3 });
    for (let i = alerts.length; i < limits.alerts; i += 1) expect((await make()).status).toBe(200);
    const refused = await make();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your plan’s limit of price alerts is 3. Upgrade to Premium for more.',
    );
    const bad = await call<{ message: string }>('POST', '/alerts', {
      symbol: '^GSPC',
      condition: { kind: 'above', price: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/price/);
    // An unlisted symbol would never fire (the evaluator prices listed ones only): refused, named.
    const unknown = await call<{ message: string }>('POST', '/alerts', {
      symbol: 'NOSUCH',
      condition: { kind: 'above', price: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('symbol: NOSUCH is not a listed stock or market index');
  });
});
