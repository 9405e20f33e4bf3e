import { describe, expect, it } from 'vitest';
import { InMemoryAlertStore } from '../adapters/testing/memory/alert-store';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import { composeAlertEvaluator } from './compose';
import { InMemoryNotificationLedger } from '../adapters/testing/memory/notification-ledger';

const NOW = Date.parse('2026-11-24T15:00:00Z');

describe('composeAlertEvaluator', () => {
  function evaluatorPricingAt() {
    const pricedAt: Date[] = [];
    const evaluate = composeAlertEvaluator({
      alerts: new InMemoryAlertStore(),
      users: new InMemoryUsersRepository(),
      assets: {
        quotes: async (_symbols, now) => {
          pricedAt.push(now);
          return new Map();
        },
      },
      email: { send: () => Promise.resolve() },
      notices: new InMemoryNotificationLedger(),
      now: () => NOW,
    });
    return { evaluate, pricedAt };
  }

  it('prices a run on its clock', async () => {
    const { evaluate, pricedAt } = evaluatorPricingAt();
    expect(await evaluate()).toEqual({ users: 0, armed: 0, fired: 0, emailed: 0 });
    expect(pricedAt).toEqual([new Date(NOW)]);
  });

  it('prices a run as of the instant it is given (the local developer route)', async () => {
    const { evaluate, pricedAt } = evaluatorPricingAt();
    await evaluate(NOW - 60_000);
    await evaluate();
    expect(pricedAt).toEqual([new Date(NOW - 60_000), new Date(NOW)]);
  });
});
