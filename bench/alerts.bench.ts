/**
 * The price-alert evaluator over 100,000 alerts of 5,000 users on a demo-sized universe,
 * in a session (so alerts can fire): the pure decision alone, and a whole run (one quote batch
 * from the simulated market, the fires and notices into an in-memory store, e-mails discarded).
 */
import { ALERT_KINDS, type Alert, type AlertCondition } from '../core/alerts';
import type { Quote } from '../core/market/types';
import { InMemoryAlertStore } from '../lambdas/adapters/testing/memory/alert-store';
import { simulatedMarketData } from '../infra/local/market/market-data';
import { dueAlerts } from '../lambdas/alerts/evaluate';
import { runAlerts } from '../lambdas/alerts/run-alerts';
import { createRng } from '../infra/local/market/random';
import type { Figure } from './figures';
import { benchUniverse } from './simulated-market.bench';
import { InMemoryNotificationLedger } from '../lambdas/adapters/testing/memory/notification-ledger';

const ALERTS = 100_000;
const PER_USER = 20;
// US and European sessions run: the closed-market rule lets those alerts fire.
const IN_SESSION = new Date('2026-11-18T15:00:00Z');

function conditionNear(
  kind: (typeof ALERT_KINDS)[number],
  price: number,
  r: number,
): AlertCondition {
  switch (kind) {
    case 'above':
      return { kind, price: Math.round(price * (0.95 + 0.15 * r) * 100) / 100 };
    case 'below':
      return { kind, price: Math.round(price * (0.9 + 0.15 * r) * 100) / 100 };
    case 'dayMove':
      return { kind, percent: 0.5 + 4 * r, direction: r < 0.5 ? 'up' : 'down' };
    default:
      return { kind };
  }
}

export async function benchAlerts(): Promise<Figure[]> {
  const universe = benchUniverse();
  const market = simulatedMarketData();
  const priced = universe.map((instrument) => ({
    symbol: instrument.symbol,
    exchangeShortName: instrument.exchangeShortName,
    instrument,
  }));
  const quotes = new Map<string, Quote>(
    (await market.quotes(priced, IN_SESSION)).map((q) => [q.symbol, q]),
  );
  const rng = createRng('alerts-bench');
  const at = IN_SESSION.toISOString();
  const owners = new Map<string, Alert[]>();
  for (let i = 0; i < ALERTS; i += 1) {
    const instrument = universe[Math.floor(rng.next() * universe.length)]!;
    const kind = ALERT_KINDS[Math.floor(rng.next() * ALERT_KINDS.length)]!;
    const price = quotes.get(instrument.symbol)?.price ?? 100;
    const sub = `user-${Math.floor(i / PER_USER)}`;
    const alerts = owners.get(sub) ?? [];
    alerts.push({
      id: `al_${String(i).padStart(10, '0')}`,
      symbol: instrument.symbol,
      condition: conditionNear(kind, price, rng.next()),
      armed: true,
      version: 1,
      createdAt: at,
      updatedAt: at,
    });
    owners.set(sub, alerts);
  }

  let due = 0;
  const decideStarted = performance.now();
  for (const alerts of owners.values()) due += dueAlerts(alerts, quotes).length;
  const decideMs = performance.now() - decideStarted;

  const store = new InMemoryAlertStore();
  for (const [sub, alerts] of owners) store.items.set(sub, { alerts, version: 1 });
  const bySymbol = new Map(priced.map((p) => [p.symbol, p]));
  const runStarted = performance.now();
  const result = await runAlerts({
    store,
    notices: new InMemoryNotificationLedger(),
    // One batch over the universe, as the asset service's cached universe serves it.
    quotes: async (symbols, now) =>
      new Map(
        (
          await market.quotes(
            symbols.flatMap((s) => bySymbol.get(s) ?? []),
            now,
          )
        ).map((q) => [q.symbol, q]),
      ),
    users: { get: async (sub) => ({ sub, email: `${sub}@example.com` }) as never },
    email: { send: async () => {} },
    now: () => IN_SESSION.getTime(),
  });
  const runMs = performance.now() - runStarted;

  return [
    { name: 'alert decisions, 100,000 alerts', value: decideMs, unit: 'ms' },
    { name: `  of which due`, value: due, unit: 'alerts' },
    {
      name: 'alert run, 100,000 alerts (quotes, fires, notices)',
      value: runMs / 1000,
      unit: 's',
      target: { op: '<=', value: 5 },
    },
    { name: '  fired in the run', value: result.fired, unit: 'alerts' },
  ];
}
