import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_SYMBOL } from '../../core/market/indexes';
import type {
  PortfolioSummaryAnswer,
  PortfolioTransactions,
  PortfolioView,
  PortfoliosAnswer,
  TransactionEntry,
  TransactionWritten,
} from '../../core/portfolios';
import { premiumOnlyText } from '../../core/subscription';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { activeSubscription } from '../../core/testing/subscription';
import type { DownloadLink } from '../../core/user-files';
import { usersTableStores } from '../../lambdas/adapters/dynamodb/users-table-stores';
import { DynamoDbStocksRepository } from '../../lambdas/adapters/dynamodb/stocks-repository';
import { composeAssetService } from '../../lambdas/asset/compose-service';
import { ProductPortfolioMarketInputs } from '../../lambdas/asset/portfolio-market-inputs';
import { PortfolioService } from '../../lambdas/subscription/portfolio-service';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { portfolioSummary } from '../../core/portfolio/summary';
import { marketRequestOf } from '../../core/portfolio/summary-inputs';
import { dateOfDayNumber, dayNumberOf } from '../../core/day-numbers';
import { seededCompanies } from '../support/demo-universe';
import { claimsOf } from '../support/forged-tokens';
import { sharedStack, signedInAccount, stackDocumentClient } from '../support/shared-stack';

/**
 * Portfolios over HTTP against the shared local stack (the subscription API on DynamoDB Local):
 * versioned writes, the Free plan's limit, another user's portfolio, validation naming the field,
 * the CSV export; and the import's entry point (PortfolioService.addTransactions, which the CSV
 * import calls) on the same table, whose rows come back over HTTP once however often they are
 * added. Two users of the file's own: an owner and another who must not reach the owner's data.
 */
describe('portfolios through the subscription API', () => {
  const stack = sharedStack();
  const tokens: Record<'owner' | 'other', string> = { owner: '', other: '' };
  const stores = () => usersTableStores(stackDocumentClient(stack), USERS_TABLE.localName);
  let portfolio: PortfolioView;

  beforeAll(async () => {
    tokens.owner = (await signedInAccount(stack, 'portfolio-owner')).idToken;
    tokens.other = (await signedInAccount(stack, 'portfolio-other')).idToken;
  });

  async function call<T>(
    who: keyof typeof tokens,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T & { message?: string } }> {
    const response = await fetch(`${stack.url}/api/subscription${path}`, {
      method,
      headers: {
        Authorization: tokens[who],
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T & { message?: string } };
  }

  const buy = (symbol: string, quantity: number) => ({
    type: 'buy' as const,
    date: '2024-03-01',
    symbol,
    quantity,
    price: 150,
    fees: 1,
    currency: 'USD' as const,
  });

  it('creates a portfolio, adds and edits transactions, each at the version read', async () => {
    const created = await call<PortfolioView>('owner', 'POST', '/portfolios', {
      name: 'Long term',
      currency: 'USD',
    });
    expect(created.status).toBe(200);
    portfolio = created.body;
    expect(portfolio).toMatchObject({
      name: 'Long term',
      currency: 'USD',
      benchmark: DEFAULT_INDEX_SYMBOL,
      version: 1,
      readOnly: false,
    });

    const added = await call<TransactionWritten>(
      'owner',
      'POST',
      `/portfolios/${portfolio.id}/transactions`,
      { version: 1, transaction: buy('aapl', 10) },
    );
    expect(added.status).toBe(200);
    expect(added.body.transaction).toEqual({ ...buy('AAPL', 10), id: expect.any(String) });
    expect(added.body.portfolio.version).toBe(2);

    const edited = await call<TransactionWritten>(
      'owner',
      'PUT',
      `/portfolios/${portfolio.id}/transactions/${added.body.transaction.id}`,
      { version: 2, transaction: buy('AAPL', 12) },
    );
    expect(edited.status).toBe(200);
    const renamed = await call<PortfolioView>('owner', 'PUT', `/portfolios/${portfolio.id}`, {
      name: 'Retirement',
      currency: 'EUR',
      benchmark: '^GDAXI',
      version: 3,
    });
    expect(renamed.body).toMatchObject({ name: 'Retirement', currency: 'EUR', version: 4 });

    const read = await call<PortfolioTransactions>(
      'owner',
      'GET',
      `/portfolios/${portfolio.id}/transactions`,
    );
    expect(read.body.portfolio).toMatchObject({ name: 'Retirement', version: 4 });
    expect(read.body.transactions).toEqual([{ ...buy('AAPL', 12), id: added.body.transaction.id }]);
    portfolio = read.body.portfolio;
  });

  it('refuses a write at a stale version with 409 and a sentence for the user', async () => {
    const stale = await call('owner', 'POST', `/portfolios/${portfolio.id}/transactions`, {
      version: portfolio.version - 1,
      transaction: buy('MSFT', 1),
    });
    expect(stale).toEqual({
      status: 409,
      body: { message: 'This portfolio was changed elsewhere meanwhile: reload it and try again.' },
    });
    const staleRename = await call('owner', 'PUT', `/portfolios/${portfolio.id}`, {
      name: 'X',
      currency: 'USD',
      benchmark: '^GSPC',
      version: 1,
    });
    expect(staleRename.status).toBe(409);
    const staleDelete = await call(
      'owner',
      'DELETE',
      `/portfolios/${portfolio.id}/transactions/tx_0000000001?version=1`,
    );
    expect(staleDelete.status).toBe(409);
  });

  it('refuses a Free user a second portfolio with 403 and the plan’s limit', async () => {
    const refused = await call('owner', 'POST', '/portfolios', { name: 'Second', currency: 'USD' });
    expect(refused).toEqual({
      status: 403,
      body: { message: 'Your plan’s limit of portfolios is 1. Upgrade to Premium for more.' },
    });
    const { body } = await call<PortfoliosAnswer>('owner', 'GET', '/portfolios');
    expect(body.portfolios.map((p) => p.id)).toEqual([portfolio.id]);
    expect(body.limits).toEqual({ tier: 'free', portfolios: 1, holdingsPerPortfolio: 20 });
  });

  it('answers 400 naming the field for bad input, before anything is read', async () => {
    const badQuantity = await call('owner', 'POST', `/portfolios/${portfolio.id}/transactions`, {
      version: portfolio.version,
      transaction: { ...buy('AAPL', 1), quantity: -3 },
    });
    expect(badQuantity).toEqual({
      status: 400,
      body: { message: 'transaction.quantity: quantity must be greater than 0' },
    });
    const badCurrency = await call('owner', 'PUT', `/portfolios/${portfolio.id}`, {
      name: 'Retirement',
      currency: 'XXX',
      benchmark: '^GSPC',
      version: portfolio.version,
    });
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.body.message).toMatch(/^currency: /);
    const badId = await call('owner', 'GET', '/portfolios/not-an-id/transactions');
    expect(badId).toEqual({ status: 400, body: { message: 'id: id is not a portfolio id' } });
    const oversold = await call('owner', 'POST', `/portfolios/${portfolio.id}/transactions`, {
      version: portfolio.version,
      transaction: { ...buy('AAPL', 50), type: 'sell', date: '2024-04-01' },
    });
    expect(oversold).toEqual({
      status: 400,
      body: {
        message: 'transaction.quantity: sells 50 shares of AAPL but 12 are held on 2024-04-01',
      },
    });
  });

  it('answers another user’s portfolio with 404 and changes nothing', async () => {
    const path = `/portfolios/${portfolio.id}`;
    expect((await call('other', 'GET', `${path}/transactions`)).status).toBe(404);
    const write = await call('other', 'POST', `${path}/transactions`, {
      version: portfolio.version,
      transaction: buy('MSFT', 1),
    });
    expect(write).toEqual({ status: 404, body: { message: 'No such portfolio.' } });
    expect((await call('other', 'DELETE', path)).status).toBe(404);
    expect((await call<PortfoliosAnswer>('other', 'GET', '/portfolios')).body.portfolios).toEqual(
      [],
    );
    const mine = await call<PortfolioTransactions>('owner', 'GET', `${path}/transactions`);
    expect(mine.body.portfolio.version).toBe(portfolio.version);
  });

  it('adds an imported row once however often it is added (importKey)', async () => {
    const sub = String(claimsOf(tokens.owner).sub);
    const { users, portfolios: store } = stores();
    const service = new PortfolioService({ users, store });
    const rows: TransactionEntry[] = [
      { ...buy('MSFT', 3), importKey: 'broker-row-1' },
      {
        type: 'dividend',
        date: '2024-05-15',
        symbol: 'MSFT',
        amount: 1.91,
        taxWithheld: 0.34,
        currency: 'USD',
        importKey: 'broker-row-2',
      },
    ];
    const first = await service.addTransactions(sub, portfolio.id, portfolio.version, rows);
    expect(first).toMatchObject({ added: 2, alreadyThere: 0 });
    const again = await service.addTransactions(sub, portfolio.id, first.portfolio.version, rows);
    expect(again).toMatchObject({ added: 0, alreadyThere: 2 });

    const read = await call<PortfolioTransactions>(
      'owner',
      'GET',
      `/portfolios/${portfolio.id}/transactions`,
    );
    expect(read.body.transactions.map((t) => t.importKey)).toEqual([
      undefined,
      'broker-row-1',
      'broker-row-2',
    ]);
    portfolio = read.body.portfolio;
  });

  it('exports the transactions as CSV for Premium only', async () => {
    const path = `/portfolios/${portfolio.id}/export`;
    expect(await call('owner', 'POST', path)).toEqual({
      status: 403,
      body: { message: premiumOnlyText('CSV export') },
    });
    const sub = String(claimsOf(tokens.owner).sub);
    await stores().users.writeSubscription(sub, activeSubscription({ observedAt: Date.now() }));

    const { status, body } = await call<DownloadLink>('owner', 'POST', path);
    expect(status).toBe(200);
    expect(body.fileName).toMatch(/^stockscope-portfolio-retirement-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await fetch(body.url);
    expect(file.status).toBe(200);
    expect((await file.text()).split('\r\n')).toEqual([
      'Date,Type,Symbol,Quantity,Price,Fees,Amount,Tax withheld,Split ratio,Currency',
      '2024-03-01,buy,AAPL,12,150,1,,,,USD',
      '2024-03-01,buy,MSFT,3,150,1,,,,USD',
      '2024-05-15,dividend,MSFT,,,,1.91,0.34,,USD',
    ]);
  });

  it('summarizes what was entered as core’s portfolioSummary computes it', async () => {
    // A Premium owner (the export's test made them one) may keep a second portfolio.
    const created = await call<PortfolioView>('owner', 'POST', '/portfolios', {
      name: 'Summary',
      currency: 'USD',
      benchmark: '^GSPC',
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    // Two seeded stocks, one listed in pounds: the figures convert at the product's rates.
    const companies = seededCompanies(stack);
    const london = companies.find((c) => c.profile.currency === 'GBP')!.profile.symbol;
    const usd = companies.find((c) => c.profile.currency === 'USD')!.profile.symbol;
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (days: number) => dateOfDayNumber(dayNumberOf(today) - days);
    const entries: TransactionEntry[] = [
      { type: 'deposit', date: daysAgo(400), amount: 10_000, currency: 'USD' },
      {
        type: 'buy',
        date: daysAgo(380),
        symbol: usd,
        quantity: 20,
        price: 40,
        fees: 2,
        currency: 'USD',
      },
      {
        type: 'buy',
        date: daysAgo(300),
        symbol: london,
        quantity: 50,
        price: 3,
        fees: 0,
        currency: 'GBP',
      },
      {
        type: 'dividend',
        date: daysAgo(200),
        symbol: usd,
        amount: 8.5,
        taxWithheld: 1.5,
        currency: 'USD',
      },
      {
        type: 'sell',
        date: daysAgo(60),
        symbol: usd,
        quantity: 5,
        price: 45,
        fees: 0,
        currency: 'USD',
      },
    ];
    let version = created.body.version;
    for (const transaction of entries) {
      const added = await call<TransactionWritten>(
        'owner',
        'POST',
        `/portfolios/${id}/transactions`,
        {
          version,
          transaction,
        },
      );
      expect(added.status).toBe(200);
      version = added.body.portfolio.version;
    }
    const query = `zakatDate=${daysAgo(1)}&zakatYear=solar&nisabMetal=silver&pricePerGram=0.9&trading=${london}`;
    const served = await call<PortfolioSummaryAnswer>(
      'owner',
      'GET',
      `/portfolios/${id}/summary?${query}`,
    );
    expect(served.status).toBe(200);
    const { summary } = served.body;
    expect(summary.holdings.map((h) => h.symbol)).toEqual([usd, london]);

    // The same inputs read here, over the stack's table and the same simulated market.
    const transactions = (
      await call<PortfolioTransactions>('owner', 'GET', `/portfolios/${id}/transactions`)
    ).body.transactions;
    const stocks = new DynamoDbStocksRepository(stackDocumentClient(stack), STOCKS_TABLE.localName);
    const market = simulatedMarketData();
    const inputs = new ProductPortfolioMarketInputs({
      assets: composeAssetService({ stocks, market }),
      stocks,
      market,
    });
    const entered = { currency: 'USD' as const, benchmark: '^GSPC', transactions };
    const read = await inputs.read(marketRequestOf(entered)!, new Date());
    // The live price may have moved between the two reads: take the one the server valued at.
    const symbols = new Map(
      [...read.symbols].map(([symbol, m]) => [
        symbol,
        { ...m, price: summary.holdings.find((h) => h.symbol === symbol)!.price! },
      ]),
    );
    const expected = portfolioSummary({
      portfolio: entered,
      today,
      standard: 'aaoifi',
      market: symbols,
      rates: read.rates,
      ...(read.benchmarkCloses ? { benchmarkCloses: read.benchmarkCloses } : {}),
      zakat: {
        settings: {
          date: daysAgo(1),
          year: 'solar',
          nisabMetal: 'silver',
          pricePerGram: 0.9,
          otherWealth: 0,
        },
        methods: { [london]: 'trading' },
      },
    });
    expect(summary).toEqual(expected);
    expect(summary.totals.marketValue).toBeGreaterThan(0);
    expect(summary.zakat?.holdings.map((h) => h.method)).toEqual(['investment', 'trading']);

    const badQuery = await call('owner', 'GET', `/portfolios/${id}/summary?pricePerGram=-1`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.message).toMatch(/^pricePerGram: /);
    expect((await call('other', 'GET', `/portfolios/${id}/summary`)).status).toBe(404);
    expect((await call('owner', 'DELETE', `/portfolios/${id}`)).status).toBe(200);
  });

  it('deletes a transaction at the version read, and the portfolio with all its items', async () => {
    const read = await call<PortfolioTransactions>(
      'owner',
      'GET',
      `/portfolios/${portfolio.id}/transactions`,
    );
    const dividend = read.body.transactions[2]!;
    const deleted = await call<{ deleted: string; portfolio: PortfolioView }>(
      'owner',
      'DELETE',
      `/portfolios/${portfolio.id}/transactions/${dividend.id}?version=${portfolio.version}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      deleted: dividend.id,
      portfolio: { version: portfolio.version + 1 },
    });

    expect(await call('owner', 'DELETE', `/portfolios/${portfolio.id}`)).toEqual({
      status: 200,
      body: { deleted: portfolio.id },
    });
    const sub = String(claimsOf(tokens.owner).sub);
    const left = await stackDocumentClient(stack).send(
      new QueryCommand({
        TableName: USERS_TABLE.localName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :portfolio)',
        ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':portfolio': 'PORTFOLIO' },
        ConsistentRead: true,
      }),
    );
    expect(left.Items?.map((item) => item.sk)).toEqual(['PORTFOLIOS']);
    expect((await call('owner', 'GET', `/portfolios/${portfolio.id}/transactions`)).status).toBe(
      404,
    );
  });
});
