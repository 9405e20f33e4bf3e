import { describe, expect, it } from 'vitest';
import type { ShariahVerdict } from '../../core/market/shariah';
import type { UserRecord } from '../../core/user-record';
import { InMemoryAlertStore } from '../adapters/testing/memory/alert-store';
import { InMemoryNotificationLedger } from '../adapters/testing/memory/notification-ledger';
import {
  InMemorySeenVerdicts,
  InMemoryVerdictChecks,
  InMemoryVerdictHolders,
} from '../adapters/testing/memory/verdict-watch';
import type { Email } from '../ports/email-sender';
import { MAX_CHECKS_PER_RUN, runVerdictAlerts, type VerdictRunDeps } from './run-verdict-alerts';

const NOW = Date.parse('2026-11-26T16:00:00.000Z');

/**
 * The evaluator over in-memory stores: `verdict` is ABC's verdict under every standard (what the
 * curation wrote), `held` who holds it now, `users` their records.
 */
function setUp(users: Record<string, Partial<UserRecord>>) {
  const state = { verdict: 'compliant' as ShariahVerdict, held: new Set(Object.keys(users)) };
  const checks = new InMemoryVerdictChecks();
  const seen = new InMemorySeenVerdicts();
  const holders = new InMemoryVerdictHolders();
  const alerts = new InMemoryAlertStore();
  const sent: Email[] = [];
  const failing = { email: 0 };
  const deps: VerdictRunDeps = {
    checks,
    seen,
    holders,
    holds: async (sub, symbol) => symbol === 'ABC' && state.held.has(sub),
    verdicts: async (symbols) =>
      symbols.map((symbol) => ({
        symbol,
        shariah: {
          aaoifi: state.verdict,
          sp: state.verdict,
          msci: state.verdict,
          ftse: state.verdict,
          djim: state.verdict,
          alrajhi: state.verdict,
        },
      })),
    users: {
      get: async (sub) =>
        users[sub] && ({ sub, email: `${sub}@example.com`, ...users[sub] } as UserRecord),
    },
    alerts,
    email: {
      send: async (email) => {
        if (failing.email > 0) {
          failing.email -= 1;
          throw new Error('SES is down');
        }
        sent.push(email);
      },
    },
    notices: new InMemoryNotificationLedger(),
    now: () => NOW,
  };
  const notices = async (sub: string) => alerts.notifications(sub, 50);
  return { state, checks, seen, holders, alerts, sent, failing, deps, notices };
}

/** Marks ABC (as a curation write does) and runs the evaluator once. */
async function markAndRun(setup: ReturnType<typeof setUp>) {
  await setup.checks.mark(['ABC']);
  return runVerdictAlerts(setup.deps);
}

describe('runVerdictAlerts', () => {
  it('records a first look silently, then tells each holder under their standard once', async () => {
    const setup = setUp({
      ann: {},
      bob: { shariahStandard: 'msci' },
      cy: { verdictAlerts: false },
    });
    await setup.holders.add('ann', ['ABC']);
    await setup.holders.add('bob', ['ABC']);
    await setup.holders.add('cy', ['ABC']);

    expect(await markAndRun(setup)).toEqual({ checked: 1, changes: 0, told: 0, emailed: 0 });
    expect(await setup.notices('ann')).toEqual([]);

    setup.state.verdict = 'non-compliant';
    // Six standards changed; ann hears of AAOIFI's (the default), bob of MSCI's, cy of none.
    expect(await markAndRun(setup)).toEqual({ checked: 1, changes: 6, told: 2, emailed: 2 });
    expect(await setup.notices('ann')).toMatchObject([
      {
        kind: 'verdict',
        symbol: 'ABC',
        standard: 'aaoifi',
        from: 'compliant',
        to: 'non-compliant',
        at: new Date(NOW).toISOString(),
        title: 'Shariah verdict changed: ABC is now Non-compliant under AAOIFI',
        read: false,
      },
    ]);
    expect((await setup.notices('bob')).map((n) => n.title)).toEqual([
      'Shariah verdict changed: ABC is now Non-compliant under MSCI Islamic',
    ]);
    expect(await setup.notices('cy')).toEqual([]);
    expect(setup.sent.map((e) => e.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(setup.checks.marks.size).toBe(0);
    expect(setup.seen.records.get('ABC')).toMatchObject({ changes: 6, untold: [] });

    // Marked again with nothing changed: nothing more.
    expect(await markAndRun(setup)).toEqual({ checked: 1, changes: 0, told: 0, emailed: 0 });
    expect(setup.sent).toHaveLength(2);
  });

  it('drops an index entry whose user no longer holds the symbol, telling them nothing', async () => {
    const setup = setUp({ ann: {} });
    await setup.holders.add('ann', ['ABC']);
    await markAndRun(setup);
    setup.state.held.delete('ann');
    setup.state.verdict = 'questionable';
    expect(await markAndRun(setup)).toMatchObject({ changes: 6, told: 0 });
    expect(setup.holders.index.get('ABC')?.has('ann')).toBe(false);
  });

  it('keeps a change whose e-mail failed, and the next run sends it without listing it twice', async () => {
    const setup = setUp({ ann: {} });
    await setup.holders.add('ann', ['ABC']);
    await markAndRun(setup);
    setup.state.verdict = 'non-compliant';
    setup.failing.email = 1;
    expect(await markAndRun(setup)).toMatchObject({ changes: 6, told: 1, emailed: 0 });
    expect(setup.checks.marks.has('ABC')).toBe(true);
    expect(setup.seen.records.get('ABC')?.untold).toHaveLength(6);

    expect(await runVerdictAlerts(setup.deps)).toMatchObject({ changes: 0, told: 0, emailed: 1 });
    expect(await setup.notices('ann')).toHaveLength(1);
    expect(setup.sent).toHaveLength(1);
    expect(setup.checks.marks.size).toBe(0);
    expect(setup.seen.records.get('ABC')?.untold).toEqual([]);
  });

  it('tells a change once when two runs overlap', async () => {
    const setup = setUp({ ann: {}, bob: {} });
    await setup.holders.add('ann', ['ABC']);
    await setup.holders.add('bob', ['ABC']);
    await markAndRun(setup);
    setup.state.verdict = 'non-compliant';
    await setup.checks.mark(['ABC']);
    const runs = await Promise.all([runVerdictAlerts(setup.deps), runVerdictAlerts(setup.deps)]);
    expect(runs.reduce((sum, r) => sum + r.changes, 0)).toBe(6);
    expect(await setup.notices('ann')).toHaveLength(1);
    expect(await setup.notices('bob')).toHaveLength(1);
    expect(setup.sent.map((e) => e.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('numbers each change, so a flip back is told as a change of its own', async () => {
    const setup = setUp({ ann: {} });
    await setup.holders.add('ann', ['ABC']);
    await markAndRun(setup);
    setup.state.verdict = 'non-compliant';
    await markAndRun(setup);
    setup.state.verdict = 'compliant';
    await markAndRun(setup);
    expect((await setup.notices('ann')).map((n) => n.kind === 'verdict' && n.to).sort()).toEqual([
      'compliant',
      'non-compliant',
    ]);
    expect(setup.sent).toHaveLength(2);
  });

  it('takes at most MAX_CHECKS_PER_RUN marks a run, leaving the rest to the next', async () => {
    const setup = setUp({});
    const many = Array.from({ length: MAX_CHECKS_PER_RUN + 5 }, (_, i) => `S${i}`);
    await setup.checks.mark(many);
    expect((await runVerdictAlerts(setup.deps)).checked).toBe(MAX_CHECKS_PER_RUN);
    expect(setup.checks.marks.size).toBe(5);
    expect((await runVerdictAlerts(setup.deps)).checked).toBe(5);
    expect(setup.checks.marks.size).toBe(0);
  });
});
