import {
  InMemoryAreaIndex,
  InMemoryIngestRuns,
} from '../../lambdas/adapters/testing/memory/area-index';
import { OverviewService } from '../../lambdas/curation/overview-service';
import type { AppSyncResolverEvent } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_MUTATIONS } from '../../core/api/graphql';
import { toSheetInput } from '../../core/curation/sheet';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { InMemorySessionRevocations } from '../../lambdas/adapters/testing/memory/session-revocations';
import { InMemoryCuratedItemStore } from '../../lambdas/adapters/testing/memory/curated-item-store';
import { InMemorySheetStore } from '../../lambdas/adapters/testing/memory/sheet-store';
import { createAnalystService } from '../../lambdas/curation/analyst-service';
import { createShariahService } from '../../lambdas/curation/shariah-service';
import { StockService } from '../../lambdas/curation/stock-service';
import { InMemoryStockStore } from '../../lambdas/adapters/testing/memory/stock-store';
import { createDescriptionService } from '../../lambdas/curation/description-service';
import { SheetService } from '../../lambdas/curation/sheet-service';
import { createCurationResolver } from '../../lambdas/graphql/curation-resolver';
import type { StatementCollection } from '../../lambdas/ports/stocks-repository';

/**
 * Bad input on every curation mutation, 1,000 cases each, through the resolver AppSync invokes (as
 * an admin, so validation and the services are reached): never an internal error, and every
 * BadRequest names the field it is about.
 */
const RUNS_PER_MUTATION = 1_000;
const [company] = generateUniverse({ seed: 'curation-fuzz', count: 1, anchor: FIXED_DEMO_ANCHOR });
const ISIN = company!.profile.isin;
const latest = company!.annual.income[0]!;
const SHEET_ID = `income-${latest.calendarYear}-FY`;
const sheetsOf = <K extends 'income' | 'balance' | 'cash'>(kind: K) =>
  ({ annual: company!.annual[kind], quarter: company!.quarterly[kind] }) as StatementCollection<K>;

const resolve = createCurationResolver({
  descriptions: createDescriptionService({
    store: new InMemoryCuratedItemStore(
      new Map([
        [ISIN, { symbol: company!.profile.symbol, ingested: company!.profile.description }],
      ]),
    ),
    users: { get: async () => undefined },
  }),
  sheets: new SheetService({
    store: new InMemorySheetStore(
      new Map([
        [
          ISIN,
          {
            symbol: company!.profile.symbol,
            currency: company!.profile.currency,
            sheets: {
              income: sheetsOf('income'),
              balance: sheetsOf('balance'),
              cash: sheetsOf('cash'),
            },
          },
        ],
      ]),
    ),
    users: { get: async () => undefined },
  }),
  analyst: createAnalystService({
    store: new InMemoryCuratedItemStore(
      new Map([[ISIN, { symbol: company!.profile.symbol, value: company!.analyst }]]),
    ),
    users: { get: async () => undefined },
  }),
  shariah: createShariahService({
    store: new InMemoryCuratedItemStore(
      new Map([[ISIN, { symbol: company!.profile.symbol, value: company!.shariah }]]),
    ),
    users: { get: async () => undefined },
  }),
  stocks: new StockService({
    store: new InMemoryStockStore([
      {
        isin: ISIN,
        symbol: company!.profile.symbol,
        companyName: company!.profile.companyName,
        exchangeShortName: company!.profile.exchangeShortName,
        currency: company!.profile.currency,
        sector: company!.profile.sector,
        industry: company!.profile.industry,
        country: company!.profile.country,
        sharesOutstanding: company!.profile.sharesOutstanding,
        hidden: false,
        version: 1,
        updatedAt: null,
        updatedBy: null,
      },
    ]),
    users: { get: async () => undefined },
  }),
  overview: new OverviewService({
    areas: new InMemoryAreaIndex(),
    ingestRuns: new InMemoryIngestRuns(),
    users: { get: async () => undefined },
  }),
  revocations: new InMemorySessionRevocations(),
});
const admin = {
  sub: 'admin-sub',
  email: 'admin@example.com',
  'cognito:groups': '[admin]',
  iat: String(Math.floor(Date.now() / 1000) - 60),
};

const sheet = () => toSheetInput('income', ISIN, latest) as unknown as Record<string, unknown>;
const shariahInput = () => ({
  businessActivity: 'permissible',
  interestBearingSecurities: 1_000,
  asOf: '2026-11-01',
  revenueSplit: {
    permissible: 96_000,
    nonPermissible: 4_000,
    sources: [{ name: 'Interest income', amount: 4_000 }],
  },
  override: { verdict: 'compliant', reason: 'Reviewed the notes', reviewedOn: '2026-11-02' },
});
const analystInput = () => {
  const { symbol: _symbol, ...input } = company!.analyst;
  return input as unknown as Record<string, unknown>;
};

/** A valid call of each mutation: the fuzzer breaks it in one to three places. */
const VALID: Record<keyof typeof GRAPHQL_MUTATIONS, () => Record<string, unknown>> = {
  updateDescription: () => ({ isin: ISIN, text: 'A plain description.', version: 0 }),
  restoreDescription: () => ({ isin: ISIN, version: 1, expectedVersion: 0 }),
  createSheet: () => ({
    isin: ISIN,
    sheet: JSON.stringify({ ...sheet(), year: 2003, date: '2003-12-31' }),
  }),
  updateSheet: () => ({ isin: ISIN, id: SHEET_ID, sheet: JSON.stringify(sheet()), version: 0 }),
  deleteSheet: () => ({ isin: ISIN, id: `income-1990-FY`, version: 0 }),
  restoreSheet: () => ({ isin: ISIN, id: SHEET_ID, version: 1, expectedVersion: 0 }),
  importSheets: () => ({ isin: ISIN, sheets: JSON.stringify([sheet()]), dryRun: true }),
  updateAnalyst: () => ({ isin: ISIN, analyst: JSON.stringify(analystInput()), version: 1 }),
  restoreAnalyst: () => ({ isin: ISIN, version: 2, expectedVersion: 1 }),
  createStock: () => ({
    stock: JSON.stringify({
      symbol: 'NEWCO',
      isin: 'US0378331005',
      exchangeShortName: 'NASDAQ',
      companyName: 'New Company',
      currency: 'USD',
      sector: 'Technology',
      industry: 'Software',
      country: 'US',
      sharesOutstanding: 1_000_000,
    }),
  }),
  updateStock: () => ({
    isin: ISIN,
    profile: JSON.stringify({
      companyName: 'Renamed',
      currency: 'USD',
      sector: 'Technology',
      industry: 'Software',
      country: 'US',
      sharesOutstanding: 2_000_000,
    }),
    version: 1,
  }),
  setStockHidden: () => ({ isin: ISIN, hidden: true, version: 1 }),
  deleteStock: () => ({ isin: ISIN, confirm: company!.profile.symbol, version: 99 }),
  restoreStock: () => ({ isin: ISIN, version: 2, expectedVersion: 2 }),
  updateShariah: () => ({ isin: ISIN, shariah: JSON.stringify(shariahInput()), version: 1 }),
  restoreShariah: () => ({ isin: ISIN, version: 2, expectedVersion: 1 }),
};

/** The argument that carries AWSJSON (an object, or a list whose first item the fuzzer edits). */
const jsonKeyOf = (args: Record<string, unknown>) =>
  ['sheet', 'sheets', 'analyst', 'shariah', 'stock', 'profile'].find(
    (key) => typeof args[key] === 'string',
  );
/** The keys inside that argument, for edits that break one of its fields. */
const innerKeysOf = (args: Record<string, unknown>): string[] => {
  const key = jsonKeyOf(args);
  if (!key) return [];
  const value = JSON.parse(args[key] as string) as unknown;
  const inner = Array.isArray(value) ? (value[0] as unknown) : value;
  return inner && typeof inner === 'object' ? Object.keys(inner) : [];
};

/** Values a careless or hostile caller sends. */
const junk = () =>
  fc.oneof(
    fc.constantFrom(
      null,
      undefined,
      '',
      ' ',
      'null',
      '{}',
      '[]',
      'NaN',
      '-1',
      '1e400',
      true,
      false,
    ),
    fc.constantFrom(-1, 0, 1.5, 2 ** 31, -(2 ** 53), 1e16, Number.MAX_VALUE),
    fc.constantFrom('<script>alert(1)</script>', 'US0378331006', 'XX0000000000', 'income-9999-Q5'),
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
    fc.string({ minLength: 5_001, maxLength: 6_000 }),
  );

type Edit = {
  readonly kind: 'set' | 'delete' | 'add';
  readonly path: 'top' | 'sheet';
  readonly key: string;
  readonly value: unknown;
};

const editArb = (keys: readonly string[], sheetKeys: readonly string[]) =>
  fc.record({
    kind: fc.constantFrom('set', 'set', 'delete', 'add') as fc.Arbitrary<Edit['kind']>,
    path: fc.constantFrom('top', 'sheet') as fc.Arbitrary<Edit['path']>,
    key: fc.oneof(
      fc.constantFrom(...keys, ...sheetKeys),
      fc.constantFrom('__proto__', 'constructor', 'extra'),
    ),
    value: junk(),
  });

function applyEdits(args: Record<string, unknown>, edits: readonly Edit[], rawJson: boolean) {
  const out: Record<string, unknown> = { ...args };
  const jsonKey = jsonKeyOf(args);
  let json: unknown = jsonKey ? (JSON.parse(out[jsonKey] as string) as unknown) : undefined;
  for (const edit of edits) {
    const sheet = Array.isArray(json) ? (json[0] as unknown) : json;
    const target =
      edit.path === 'sheet' && sheet && typeof sheet === 'object'
        ? (sheet as Record<string, unknown>)
        : out;
    if (edit.kind === 'delete') delete target[edit.key];
    else {
      Object.defineProperty(target, edit.key, {
        value: edit.value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    if (target === out && edit.key === jsonKey) json = undefined;
  }
  if (jsonKey && json !== undefined) {
    // AppSync hands AWSJSON over as text; a caller may also send text that is not JSON at all.
    out[jsonKey] = rawJson ? json : JSON.stringify(json);
  }
  return out;
}

/** "field: message" for each issue, joined by "; " (describeZodError / Invalid). */
const NAMES_A_FIELD = /^[A-Za-z_$][\w$]*(\.[\w$]+)*: \S/;

describe('curation mutations under fuzzed input', () => {
  for (const field of Object.keys(GRAPHQL_MUTATIONS) as (keyof typeof GRAPHQL_MUTATIONS)[]) {
    it(`${field}: no internal error in ${RUNS_PER_MUTATION} cases, every BadRequest names its field`, async () => {
      const valid = VALID[field]();
      // The starting point itself is valid input: only the fuzzer's edits may be refused.
      const first = await resolve({
        arguments: VALID[field](),
        identity: { sub: admin.sub, claims: admin },
        info: { parentTypeName: 'Mutation', fieldName: field },
      } as unknown as AppSyncResolverEvent<Record<string, unknown>>).then(
        () => 'ok',
        (error: Error) => `${error.name}: ${error.message}`,
      );
      expect(first).not.toMatch(/^BadRequest/);
      const sheetKeys = innerKeysOf(valid);
      let badRequests = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(editArb(Object.keys(valid), sheetKeys), { minLength: 1, maxLength: 3 }),
          fc.boolean(),
          async (edits, rawJson) => {
            const args = applyEdits(VALID[field](), edits, rawJson);
            const event = {
              arguments: args,
              identity: { sub: admin.sub, claims: admin },
              info: { parentTypeName: 'Mutation', fieldName: field },
            } as unknown as AppSyncResolverEvent<Record<string, unknown>>;
            try {
              await resolve(event);
            } catch (error) {
              const { name, message } = error as Error;
              expect(['BadRequest', 'Conflict', 'NotFound'], `${name}: ${message}`).toContain(name);
              if (name === 'BadRequest') {
                badRequests += 1;
                for (const part of message.split('; ')) expect(part).toMatch(NAMES_A_FIELD);
              }
            }
          },
        ),
        { numRuns: RUNS_PER_MUTATION },
      );
      // The fuzzer must reach validation, not only the happy path.
      expect(badRequests).toBeGreaterThan(RUNS_PER_MUTATION / 4);
    });
  }
});
