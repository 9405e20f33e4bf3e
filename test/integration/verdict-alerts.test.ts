import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsAnswer } from '../../core/alerts';
import type { PortfolioView } from '../../core/portfolios';
import type { DemoCompany } from '../../infra/local/demo/universe';
import type { VerdictRunResult } from '../../lambdas/alerts/run-verdict-alerts';
import { STOCKS_TABLE } from '../../core/tables';
import { verdictStatesOf } from '../../core/verdict-alerts';
import {
  DynamoDbSeenVerdicts,
  DynamoDbVerdictChecks,
} from '../../lambdas/adapters/dynamodb/verdict-watch';
import type { PendingCheck } from '../../lambdas/ports/verdict-watch';
import { curationCallers, type CurationCallers } from '../support/curation-callers';
import { seedOwnCompanies } from '../support/own-companies';
import {
  devControl,
  sharedStack,
  signedInAccount,
  stackDocumentClient,
} from '../support/shared-stack';

/**
 * "Verdict changed" alerts over HTTP on the shared local stack: an administrator's change of a
 * stock's Shariah inputs (the curation API) flips its verdict, and the evaluator (POST
 * /dev/verdict-alerts/run, priced as of one fixed instant so the simulated market moves nothing
 * between runs) tells exactly the users holding it (in a portfolio) or watching it (in a
 * watchlist), once each in the app and by e-mail; a user holding nothing and a holder who turned
 * the alerts off hear nothing, and a second run tells nobody again. The stock is the file's own.
 */
describe('verdict-changed alerts on the local stack', () => {
  const stack = sharedStack();
  let company: DemoCompany;
  let symbol = '';
  let curation: CurationCallers;
  const tokens = { holder: '', watcher: '', bystander: '', optedOut: '' };
  const emails = { holder: '', watcher: '', bystander: '', optedOut: '' };
  // One instant for every run: the verdicts then differ only by what the administrator wrote.
  const at = new Date(Date.now()).toISOString();

  type Who = keyof typeof tokens;
  async function call<T>(who: Who, method: string, path: string, body?: unknown) {
    const response = await fetch(`${stack.url}/api/${path}`, {
      method,
      headers: {
        Authorization: tokens[who],
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  const run = async () => {
    const answer = await devControl<VerdictRunResult>(stack, '/dev/verdict-alerts/run', { at });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  /** Writes the stock's Shariah inputs as the administrator, at the version read. */
  async function writeShariah(businessActivity: string) {
    const read = await curation.graphql(
      curation.as('admin'),
      `query Q($isin: ID!) { curatedShariah(isin: $isin) { version } }`,
      { isin: company.profile.isin },
    );
    const { version } = read.data?.curatedShariah as { version: number };
    const shariah = {
      businessActivity,
      interestBearingSecurities: 0,
      asOf: '2026-11-01',
      interestBearingDebt: 0,
      cashAndEquivalents: 0,
      receivables: 0,
      revenueSplit: { permissible: 100, nonPermissible: 0, sources: [] },
    };
    const answer = await curation.graphql(
      curation.as('admin'),
      `mutation U($isin: ID!, $shariah: AWSJSON!, $version: Int!) { updateShariah(isin: $isin, shariah: $shariah, version: $version) { version } }`,
      { isin: company.profile.isin, shariah: JSON.stringify(shariah), version },
    );
    expect(answer.errors).toBeUndefined();
  }

  const verdictNotices = async (who: Who) => {
    const answer = await call<NotificationsAnswer>(who, 'GET', 'subscription/notifications');
    expect(answer.status).toBe(200);
    return answer.body.notifications.filter((n) => n.kind === 'verdict' && n.symbol === symbol);
  };
  const verdictMail = async (who: Who) =>
    (await stack.outbox.list()).filter(
      (m) => m.channel === 'email' && m.to === emails[who] && m.subject?.includes(symbol),
    );

  beforeAll(async () => {
    [company] = (await seedOwnCompanies(stack, 'VA', 1)) as [DemoCompany];
    symbol = company.profile.symbol;
    curation = await curationCallers({ tag: 'verdict-alerts', editors: [] });
    for (const who of Object.keys(tokens) as Who[]) {
      const account = await signedInAccount(stack, `verdict-${who}`);
      tokens[who] = account.idToken;
      emails[who] = account.email;
    }
  });

  it('tells each holder and watcher of a flipped verdict once, nobody else, and never twice', async () => {
    // Compliant under every screen: a permissible business with no debt, cash or bad income. The
    // evaluator's first look at the stock records that, telling nobody (a baseline).
    await writeShariah('permissible');
    await run();

    const portfolio = await call<PortfolioView>('holder', 'POST', 'subscription/portfolios', {
      name: 'Verdicts',
      currency: company.profile.currency,
    });
    expect(portfolio.status).toBe(200);
    const bought = await call(
      'holder',
      'POST',
      `subscription/portfolios/${portfolio.body.id}/transactions`,
      {
        version: portfolio.body.version,
        transaction: {
          type: 'buy',
          date: '2026-01-05',
          symbol,
          quantity: 10,
          price: 20,
          currency: company.profile.currency,
        },
      },
    );
    expect(bought.status).toBe(200);
    for (const who of ['watcher', 'optedOut'] as const) {
      const list = await call(who, 'POST', 'subscription/watchlists', {
        name: 'Watched',
        symbols: [symbol],
      });
      expect(list.status).toBe(200);
    }
    const off = await call<{ verdictAlerts: boolean }>('optedOut', 'PUT', 'account/preferences', {
      shariahStandard: 'aaoifi',
      verdictAlerts: false,
    });
    expect(off).toEqual({ status: 200, body: { shariahStandard: 'aaoifi', verdictAlerts: false } });

    // An alcohol business fails every standard's business screen: the verdict flips.
    await writeShariah('alcohol');
    const flipped = await run();
    expect(flipped.changes).toBeGreaterThanOrEqual(1);

    for (const who of ['holder', 'watcher'] as const) {
      const notices = await verdictNotices(who);
      expect(notices, who).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        kind: 'verdict',
        standard: 'aaoifi',
        from: 'compliant',
        to: 'non-compliant',
        read: false,
      });
      expect(notices[0]!.title).toBe(
        `Shariah verdict changed: ${symbol} is now Non-compliant under AAOIFI`,
      );
      expect(notices[0]!.body).toContain('from Compliant to Non-compliant under AAOIFI');
      const mail = await verdictMail(who);
      expect(mail, who).toHaveLength(1);
      expect(mail[0]!.subject).toBe(notices[0]!.title);
    }
    for (const who of ['bystander', 'optedOut'] as const) {
      expect(await verdictNotices(who), who).toEqual([]);
      expect(await verdictMail(who), who).toEqual([]);
    }

    // Another run (the timer's next minute, a retry) finds nothing new to tell.
    const again = await run();
    expect(again.changes).toBe(0);
    for (const who of ['holder', 'watcher'] as const) {
      expect(await verdictNotices(who)).toHaveLength(1);
      expect(await verdictMail(who)).toHaveLength(1);
    }
  });

  it('keeps its marks and records conditional on DynamoDB: a renewed mark stays, a stale write fails', async () => {
    const client = stackDocumentClient(stack);
    const checks = new DynamoDbVerdictChecks(client, STOCKS_TABLE.localName);
    const seen = new DynamoDbSeenVerdicts(client, STOCKS_TABLE.localName);
    const own = `${symbol}X`;
    const mine = async () => {
      const found: PendingCheck[] = [];
      for await (const page of checks.pending())
        found.push(...page.filter((c) => c.symbol === own));
      return found;
    };
    try {
      await checks.mark([own.toLowerCase()]);
      const [first] = await mine();
      await checks.mark([own]);
      const [renewed] = await mine();
      expect(renewed!.token).not.toBe(first!.token);
      // A run that read the first mark does not clear the renewed one.
      await checks.done(first!);
      expect(await mine()).toEqual([renewed]);
      await checks.done(renewed!);
      expect(await mine()).toEqual([]);

      const states = verdictStatesOf({ symbol: own });
      const record = { symbol: own, states, changes: 0, untold: [], version: 1 };
      expect(await seen.write(record, 0)).toBe(true);
      expect(await seen.write(record, 0)).toBe(false);
      expect(await seen.read(own)).toEqual(record);
      expect(await seen.write({ ...record, changes: 1, version: 2 }, 1)).toBe(true);
      expect(await seen.write({ ...record, version: 2 }, 1)).toBe(false);
      expect((await seen.read(own))?.changes).toBe(1);
    } finally {
      client.destroy();
    }
  });
});
