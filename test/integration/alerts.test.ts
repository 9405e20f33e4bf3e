import { mkdtemp, rm } from 'node:fs/promises';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertsAnswer, NotificationsAnswer } from '../../core/alerts';
import { STOCKS_TABLE } from '../../core/tables';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { DynamoDbStocksRepository } from '../../lambdas/adapters/dynamodb/stocks-repository';
import { toPriced } from '../../lambdas/asset/service';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { alertMoment, runAlertsAt } from '../support/alert-moment';
import { signIn } from '../support/sign-in';

/** The evaluator's local timer in this test: a cycle each second (AWS: each minute). */
const CYCLE_MS = 1_000;
const MINUTE_MS = 60_000;
const user = DEMO_ACCOUNTS.find((a) => a.group === undefined)!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Price alerts over HTTP against the local stack, whose simulated market moves minute by minute:
 * an alert just above the price fires within two evaluation cycles of the price reaching it, is
 * listed as a notice and e-mailed to the outbox, once.
 */
describe('price alerts on the local stack', () => {
  let dataDir = '';
  let stack: LocalStack;
  let token = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-alerts-'));
    stack = await startLocalStack({
      port: 0,
      dataDir,
      spa: 'none',
      demoCount: 60,
      demoAnchor: FIXED_DEMO_ANCHOR,
      alertIntervalMs: CYCLE_MS,
    });
    const target = { endpoint: stack.endpoints.identity, ...stack.pool, outbox: stack.outbox };
    token = (await signIn(target, user.email, user.password)).idToken;
  });

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
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

  it('fires an alert set just above the price within two cycles of the price reaching it', async () => {
    // The simulated market is deterministic: find a company whose price rises at the next minute
    // (on an exchange open now), or in the next session when every exchange is closed, and set
    // the alert between the two prices.
    if (Date.now() % MINUTE_MS > 40_000) await sleep(MINUTE_MS - (Date.now() % MINUTE_MS) + 500);
    const stocks = new DynamoDbStocksRepository(
      documentClient({
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        endpoint: stack.endpoints.dynamodb,
      }),
      STOCKS_TABLE.localName,
    );
    const companies = (await stocks.listProfiles()).flatMap((record) =>
      record.instrument ? [{ ...toPriced(record), instrument: record.instrument }] : [],
    );
    const pick = alertMoment(companies, Date.now());
    expect(pick, 'no rising price in the next four days').toBeDefined();
    const { symbol, at: rise } = pick!;
    const price = Math.round(((pick!.before + pick!.after) / 2) * 10_000) / 10_000;
    expect(price).toBeGreaterThan(pick!.before);

    const created = await call<Alert>('POST', '/alerts', {
      symbol,
      condition: { kind: 'above', price },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ armed: true, version: 1 });

    // Below the price (or its market closed): two cycles pass without a fire.
    await sleep(2 * CYCLE_MS + 300);
    if (Date.now() < rise) {
      expect((await call<NotificationsAnswer>('GET', '/notifications')).body.unread).toBe(0);
    }

    let listed: NotificationsAnswer = { notifications: [], unread: 0 };
    if (pick!.live) {
      while (Date.now() < rise + 2 * CYCLE_MS + 1_500 && listed.notifications.length === 0) {
        await sleep(200);
        listed = (await call<NotificationsAnswer>('GET', '/notifications')).body;
      }
      expect(Date.now()).toBeGreaterThanOrEqual(rise);
    } else {
      // Every exchange closed: the alert waits for the session, run here as of its two cycles.
      const fired =
        (await runAlertsAt(stack.url, rise - MINUTE_MS)) + (await runAlertsAt(stack.url, rise));
      listed = (await call<NotificationsAnswer>('GET', '/notifications')).body;
      // 0 only if a session opened meanwhile and the timer fired it first.
      expect(fired).toBeLessThanOrEqual(1);
    }
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
    await sleep(2 * CYCLE_MS + 300);
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
  }, 120_000);

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
