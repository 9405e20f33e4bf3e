import { describe, expect, it } from 'vitest';
import type { Alert } from '../../core/alerts';
import type { Quote } from '../../core/market/types';
import { InMemoryAlertStore } from '../adapters/testing/memory/alert-store';
import { InMemoryNotificationLedger } from '../adapters/testing/memory/notification-ledger';
import type { Email } from '../ports/email-sender';
import { dueAlerts } from './evaluate';
import { runAlerts, type AlertRunDeps } from './run-alerts';

const NOW = Date.parse('2026-11-26T16:00:00.000Z');

const quote = (symbol: string, price: number, marketOpen = true): Quote => ({
  symbol,
  price,
  change: 0,
  changesPercentage: 0,
  dayLow: price,
  dayHigh: price,
  yearLow: price / 2,
  yearHigh: price * 2,
  open: price,
  previousClose: price,
  volume: 1,
  avgVolume: 1,
  marketOpen,
  timestamp: NOW / 1000,
});

const alert = (id: string, symbol: string, price: number, armed = true): Alert => ({
  id,
  symbol,
  condition: { kind: 'above', price },
  armed,
  version: 1,
  createdAt: '2026-11-26T15:00:00.000Z',
  updatedAt: '2026-11-26T15:00:00.000Z',
});

function setUp(quotes: Quote[]) {
  const store = new InMemoryAlertStore();
  const sent: Email[] = [];
  const batches: string[][] = [];
  const deps: AlertRunDeps = {
    store,
    users: { get: async (sub) => ({ sub, email: `${sub}@example.com`, createdAt: '' }) as never },
    quotes: async (symbols) => {
      batches.push([...symbols]);
      return new Map(quotes.filter((q) => symbols.includes(q.symbol)).map((q) => [q.symbol, q]));
    },
    email: { send: async (email) => void sent.push(email) },
    notices: new InMemoryNotificationLedger(),
    now: () => NOW,
  };
  return { store, sent, batches, deps };
}

describe('dueAlerts', () => {
  it('picks the armed alerts whose condition holds, skipping unquoted symbols', () => {
    const quotes = new Map([['AAPL', quote('AAPL', 100)]]);
    const due = dueAlerts(
      [
        alert('al_1', 'AAPL', 99),
        alert('al_2', 'AAPL', 101),
        alert('al_3', 'AAPL', 1, false),
        alert('al_4', 'ZZZ', 1),
      ],
      quotes,
    );
    expect(due.map((d) => d.alert.id)).toEqual(['al_1']);
  });
});

describe('runAlerts', () => {
  it('quotes every watched symbol in one batch, fires once, notifies and e-mails', async () => {
    const { store, sent, batches, deps } = setUp([quote('AAPL', 100), quote('SAP', 50)]);
    store.items.set('ann', {
      alerts: [alert('al_a1', 'AAPL', 99), alert('al_a2', 'SAP', 60)],
      version: 1,
    });
    store.items.set('bob', { alerts: [alert('al_b1', 'SAP', 49)], version: 1 });

    const first = await runAlerts(deps);
    expect(batches).toEqual([['AAPL', 'SAP']]);
    expect(first).toEqual({ users: 2, armed: 3, fired: 2, emailed: 2 });
    const ann = await store.list('ann');
    expect(ann.find((a) => a.id === 'al_a1')).toMatchObject({
      armed: false,
      firedPrice: 100,
      version: 2,
    });
    expect(ann.find((a) => a.id === 'al_a2')).toMatchObject({ armed: true, version: 1 });
    expect(
      (await store.notifications('ann', 10)).map((n) => n.kind !== 'verdict' && n.alertId),
    ).toEqual(['al_a1']);
    expect(sent.map((e) => e.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(sent[0]!.subject).toMatch(/^Price alert: /);

    // A second run finds nothing new to fire: an alert fires once until it is re-armed.
    const second = await runAlerts(deps);
    expect(second.fired).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it('fires once when a run read alerts another run already fired', async () => {
    const { store, sent, deps } = setUp([quote('AAPL', 100)]);
    store.items.set('ann', { alerts: [alert('al_a1', 'AAPL', 99)], version: 1 });
    // Two overlapping runs read the same version; the conditional fire lets one through.
    const [a, b] = await Promise.all([runAlerts(deps), runAlerts(deps)]);
    expect(a.fired + b.fired).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await store.notifications('ann', 10)).toHaveLength(1);
  });

  it('leaves alerts on a closed market armed for the next session', async () => {
    const { store, deps } = setUp([quote('AAPL', 100, false)]);
    store.items.set('ann', { alerts: [alert('al_a1', 'AAPL', 99)], version: 1 });
    expect((await runAlerts(deps)).fired).toBe(0);
    expect((await store.list('ann'))[0]!.armed).toBe(true);
  });
});
