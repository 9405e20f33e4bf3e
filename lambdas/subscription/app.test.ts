import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { emptyPermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import { InMemoryPayments } from '../adapters/testing/memory/payments';
import { InMemorySessionRevocations } from '../adapters/testing/memory/session-revocations';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import { authorizerClaims } from '../shared/testing/authorizer-claims';
import { createSubscriptionApi } from './app';
import { BillingService } from './billing-service';
import { WatchlistService } from './watchlist-service';
import { InMemoryWatchlistStore } from '../adapters/testing/memory/watchlist-store';
import { InMemoryAlertStore } from '../adapters/testing/memory/alert-store';
import { AlertService } from './alert-service';
import { InMemorySavedScreenStore } from '../adapters/testing/memory/saved-screen-store';
import { SavedScreenService } from './saved-screen-service';
import { InMemoryUserFiles } from '../adapters/testing/memory/user-files';
import { InMemoryStocksRepository } from '../adapters/testing/memory/stocks-repository';
import { UserFileService } from './user-file-service';
import { InMemoryNotificationLedger } from '../adapters/testing/memory/notification-ledger';
import { InMemoryPortfolioStore } from '../adapters/testing/memory/portfolio-store';
import { PortfolioService } from './portfolio-service';
import { PortfolioExport } from './portfolio-export';
import { PortfolioImport } from './portfolio-import';
import { PortfolioSummaryService } from './portfolio-summary-service';

/** The subscription API over in-memory users and an in-memory payment provider. */
const apiOver = (users: InMemoryUsersRepository) => {
  const watchlists = new WatchlistService({ users, store: new InMemoryWatchlistStore() });
  const alerts = new AlertService({
    users,
    store: new InMemoryAlertStore(),
    knownSymbol: async (symbol) => symbol !== 'NOPE',
  });
  const files = new InMemoryUserFiles();
  const portfolios = new PortfolioService({ users, store: new InMemoryPortfolioStore() });
  return createSubscriptionApi({
    users,
    revocations: new InMemorySessionRevocations(),
    billing: new BillingService({
      users,
      payments: new InMemoryPayments([]),
      email: { send: async () => {} },
      notices: new InMemoryNotificationLedger(),
      config: {
        prices: { premium_monthly: 'price_m', premium_yearly: 'price_y' },
        siteUrl: async () => 'http://localhost:3000',
      },
    }),
    watchlists,
    alerts,
    savedScreens: new SavedScreenService({ users, store: new InMemorySavedScreenStore() }),
    files: new UserFileService({
      users,
      files,
      stocks: new InMemoryStocksRepository(),
      watchlists,
      alerts,
    }),
    portfolios,
    portfolioSummary: new PortfolioSummaryService({
      users,
      portfolios,
      market: { read: async () => ({ symbols: new Map(), rates: undefined }) },
    }),
    portfolioExport: new PortfolioExport({ users, files, portfolios }),
    portfolioImport: new PortfolioImport({
      files,
      stocks: new InMemoryStocksRepository(),
      portfolios,
    }),
  });
};

const record: UserRecord = {
  email: 'ann@example.com',
  sub: 'sub-ann',
  createdAt: '2025-01-01T00:00:00.000Z',
  subscription: null,
};

const event = (
  body: string | null,
  claims?: Record<string, string>,
  resource = '/user',
): APIGatewayProxyEvent =>
  ({
    httpMethod: 'POST',
    resource,
    path: resource,
    body,
    isBase64Encoded: false,
    headers: {},
    requestContext: { authorizer: claims ? { claims: authorizerClaims(claims) } : null },
  }) as unknown as APIGatewayProxyEvent;

const editor: UserRecord = {
  email: 'ed@example.com',
  sub: 'sub-ed',
  createdAt: '2025-01-01T00:00:00.000Z',
  subscription: null,
  permissionSet: { accessLevels: emptyPermissionSet() },
};
const api = apiOver(new InMemoryUsersRepository([record, editor]));
const ann = { sub: 'sub-ann', email: 'ann@example.com' };

describe('POST /user', () => {
  it("returns the caller's own record, whatever the e-mail's case", async () => {
    const response = await api(event(JSON.stringify({ email: 'Ann@Example.com' }), ann));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual(record);
  });

  it("leaves out the admins' bookkeeping of an editor's set (version, audit trail)", async () => {
    const audited = apiOver(
      new InMemoryUsersRepository([
        {
          ...editor,
          permissionVersion: 3,
          permissionAudit: [
            {
              by: 'boss@example.com',
              at: '2025-02-01T00:00:00.000Z',
              changes: { items: {}, generalRead: { USERS: false } },
            },
          ],
        },
      ]),
    );
    const ed = { sub: 'sub-ed', email: 'ed@example.com', 'cognito:groups': 'editor' };
    const response = await audited(event(JSON.stringify({ email: 'ed@example.com' }), ed));
    expect(JSON.parse(response.body)).toEqual(editor);
    expect(response.body).not.toContain('boss@example.com');
    const permissions = await audited(
      event(JSON.stringify({ email: 'ed@example.com' }), ed, '/permissions'),
    );
    // §7 lookup shape unchanged: permissionSet.accessLevels and nothing else.
    expect(JSON.parse(permissions.body)).toEqual({
      permissionSet: { accessLevels: emptyPermissionSet() },
    });
  });

  it("refuses another user's e-mail with 403", async () => {
    const response = await api(event(JSON.stringify({ email: 'bob@example.com' }), ann));
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without authorizer claims', async () => {
    expect((await api(event(JSON.stringify({ email: record.email })))).statusCode).toBe(401);
  });

  it.each([
    [null, 'A JSON request body is required'],
    ['{', 'The request body is not valid JSON'],
    ['{}', 'email: Email address is required.'],
    ['{"email":"nope"}', 'email: Invalid email address'],
  ])('answers 400 with a clear message for body %j', async (body, message) => {
    const response = await api(event(body, ann));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ message });
  });

  it('answers 404 when the caller has no record yet', async () => {
    const response = await api(
      event(JSON.stringify({ email: 'new@example.com' }), { sub: 's', email: 'new@example.com' }),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /permissions (§7 permission lookup by e-mail)', () => {
  const ed = { sub: 'sub-ed', email: 'ed@example.com', 'cognito:groups': '[editor]' };
  const granted = emptyPermissionSet();
  const withShariah = { ...granted, SHARIAH: { ...granted.SHARIAH, read: ['ALL'] } };
  const lookup = (email: string, claims?: Record<string, string>) =>
    api(event(JSON.stringify({ email }), claims, '/permissions'));
  const body = async (email: string, claims?: Record<string, string>) =>
    JSON.parse((await lookup(email, claims)).body) as unknown;

  it("returns an editor's own permissionSet.accessLevels", async () => {
    const response = await lookup('ed@example.com', ed);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      permissionSet: { accessLevels: emptyPermissionSet() },
    });
  });

  it('returns what an admin granted, for the e-mail in any case', async () => {
    const granting = apiOver(
      new InMemoryUsersRepository([{ ...editor, permissionSet: { accessLevels: withShariah } }]),
    );
    const response = await granting(
      event(JSON.stringify({ email: 'ED@example.com' }), ed, '/permissions'),
    );
    expect(JSON.parse(response.body)).toEqual({ permissionSet: { accessLevels: withShariah } });
  });

  it('gives an editor without a stored set the empty set, never "everything allowed"', async () => {
    const newEditor = { sub: 'sub-new', email: 'new@example.com', 'cognito:groups': 'editor' };
    expect(await body('new@example.com', newEditor)).toEqual({
      permissionSet: { accessLevels: emptyPermissionSet() },
    });
  });

  it('returns null for callers outside the editor group, even with a set left in the table', async () => {
    expect(await body('ann@example.com', ann)).toEqual({ permissionSet: null });
    const demoted = { sub: 'sub-ed', email: 'ed@example.com' };
    expect(await body('ed@example.com', demoted)).toEqual({ permissionSet: null });
    const admin = { sub: 'sub-adm', email: 'adm@example.com', 'cognito:groups': 'admin' };
    expect(await body('adm@example.com', admin)).toEqual({ permissionSet: null });
  });

  it('returns null for an admin who is also an editor, as the SPA assumes when loading fails', async () => {
    const both = apiOver(new InMemoryUsersRepository([{ ...editor, email: 'boss@example.com' }]));
    const claims = { sub: 's', email: 'boss@example.com', 'cognito:groups': '[admin editor]' };
    const response = await both(
      event(JSON.stringify({ email: 'boss@example.com' }), claims, '/permissions'),
    );
    expect(JSON.parse(response.body)).toEqual({ permissionSet: null });
    const noRecord = { ...claims, email: 'new.boss@example.com' };
    const unknown = await both(
      event(JSON.stringify({ email: 'new.boss@example.com' }), noRecord, '/permissions'),
    );
    expect(JSON.parse(unknown.body)).toEqual({ permissionSet: null });
  });

  it("refuses another user's e-mail (403) and anonymous callers (401) without leaking", async () => {
    const other = await lookup('ed@example.com', ann);
    expect(other.statusCode).toBe(403);
    expect(JSON.parse(other.body)).toEqual({ message: 'You can only read your own permissions' });
    const editorAsksForAnn = await lookup('ann@example.com', ed);
    expect(editorAsksForAnn.statusCode).toBe(403);
    const anonymous = await lookup('ed@example.com');
    expect(anonymous.statusCode).toBe(401);
    for (const refused of [other, editorAsksForAnn, anonymous]) {
      expect(refused.body).not.toMatch(/accessLevels|sub-|@example\.com/);
    }
  });

  it.each([
    [null, 'A JSON request body is required'],
    ['{}', 'email: Email address is required.'],
    ['{"email":"nope"}', 'email: Invalid email address'],
  ])('answers 400 with a clear message for body %j', async (raw, message) => {
    const response = await api(event(raw, ed, '/permissions'));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ message });
  });
});

describe('POST /alerts', () => {
  const create = (symbol: string) =>
    api(event(JSON.stringify({ symbol, condition: { kind: 'above', price: 10 } }), ann, '/alerts'));

  it('refuses a symbol the product does not price with a 400 naming the field', async () => {
    const refused = await create('nope');
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({
      message: 'symbol: NOPE is not a listed stock or market index',
    });
    expect((await create('ABC')).statusCode).toBe(200);
  });
});
