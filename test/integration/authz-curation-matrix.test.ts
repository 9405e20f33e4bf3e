import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_FIELDS } from '../../core/api/graphql';
import { toSheetInput } from '../../core/curation/sheet';
import type { IncomeStatement } from '../../core/market/types';
import {
  ACTIONS,
  ALL,
  emptyPermissionSet,
  type Action,
  type ItemResource,
  type PermissionSet,
} from '../../core/permissions';
import type { DemoCompany } from '../../infra/local/demo/universe';
import { ensureDemoAccount, identityClient } from '../../infra/local/identity/bootstrap';
import { PASSWORD, uniqueEmail, uniquePhone } from '../support/accounts';
import {
  curationCallers,
  testEditor,
  type CurationCallers,
  type GraphqlAnswer,
  type GraphqlAuth,
} from '../support/curation-callers';
import { resign, tampered } from '../support/forged-tokens';
import { ownStockIdentity, seedOwnCompanies } from '../support/own-companies';
import { sharedStack, signedInAccount } from '../support/shared-stack';
import { signIn } from '../support/sign-in';

/**
 * THE field × principal matrix of the curation API (GraphQL, user-pool auth): every curation field
 * of core's contract, called by every kind of caller, over HTTP on the local product. Editors hold
 * sets that allow the same action on another ISIN, or another action on the same ISIN. A refused
 * call answers no data, leaks none of the item's content, and changes nothing. On the shared stack
 * the companies (two seeded, one the matrix adds and deletes) and every caller are the file's own.
 */
let companyA: DemoCompany;
let A = '';
let B = '';
let latestA: IncomeStatement;
let ID_A = '';
/** A period the demo company has no sheet for: created and deleted by the matrix. */
const NEW_YEAR = 2001;
const NEW_ID = `income-${NEW_YEAR}-FY`;
const newSheet = () => ({
  ...toSheetInput('income', A, latestA),
  year: NEW_YEAR,
  date: `${NEW_YEAR}-12-31`,
});

const CURATED: readonly ItemResource[] = ['SHEETS', 'DESCRIPTION', 'ANALYST', 'STOCKS'];
const matrixStock = ownStockIdentity('AC');
/** The stock the matrix adds and deletes: editors allowed on A are allowed on it too. */
const X = {
  symbol: matrixStock.symbol,
  isin: matrixStock.isin,
  exchangeShortName: 'NYSE',
  companyName: 'Matrix Holdings',
  currency: 'USD',
  sector: 'Industrials',
  industry: 'Machinery',
  country: 'US',
  sharesOutstanding: 1_000_000,
};
const granting = (isins: string[], actions: readonly Action[]): PermissionSet => {
  const set = emptyPermissionSet();
  const lists = (ids: string[]) =>
    Object.fromEntries(ACTIONS.map((a) => [a, actions.includes(a) ? ids : []]));
  return Object.fromEntries(
    Object.entries(set).map(([resource, value]) => [
      resource,
      !CURATED.includes(resource as ItemResource)
        ? value
        : lists(resource === 'STOCKS' && isins.includes(A) ? [...isins, X.isin] : isins),
    ]),
  ) as PermissionSet;
};

/** SHARIAH is a GENERAL resource (§6): only read with ALL grants anything, and only reading. */
const shariahReader = (): PermissionSet => {
  const set = granting([A], ACTIONS);
  return { ...set, SHARIAH: { ...set.SHARIAH, read: [ALL] } };
};

const EDITORS = ['editorAllOnA', 'editorOtherIsin', 'editorReadOnly', 'editorWrongAction'] as const;
type EditorPrincipal = (typeof EDITORS)[number];

/** The editors' sets (made once the file's companies are there). */
const editorSets = (): Record<EditorPrincipal | 'editor', PermissionSet> => ({
  editorAllOnA: shariahReader(),
  editorOtherIsin: granting([B], ACTIONS),
  editorReadOnly: granting([A], ['read']),
  editorWrongAction: granting([A], ['create', 'delete']),
  // As the demo editor: in the editor group, with a set that grants nothing.
  editor: emptyPermissionSet(),
});

const PRINCIPALS = [
  'anonymous',
  'apiKey',
  'forged',
  'tampered',
  'expired',
  'signedOut',
  'user',
  'editor',
  ...EDITORS,
  'admin',
] as const;
type Principal = (typeof PRINCIPALS)[number];
type Outcome = 'ok' | 'Unauthorized' | 'Forbidden';

/** The oracle: §6's rule for these principals, written out independently of the server. */
function expected(
  principal: Principal,
  resource: ItemResource | 'SHARIAH',
  action: Action,
): Outcome {
  if (principal === 'admin') return 'ok';
  if (resource === 'SHARIAH') {
    // Only the editor granted read with ALL passes, and only to read.
    if (principal === 'editorAllOnA') return action === 'read' ? 'ok' : 'Forbidden';
    return ['editorOtherIsin', 'editorReadOnly', 'editorWrongAction', 'editor', 'user'].includes(
      principal,
    )
      ? 'Forbidden'
      : 'Unauthorized';
  }
  switch (principal) {
    case 'editorAllOnA':
      return 'ok';
    case 'editorReadOnly':
      return action === 'read' ? 'ok' : 'Forbidden';
    case 'editorWrongAction':
      return action === 'create' || action === 'delete' ? 'ok' : 'Forbidden';
    case 'editorOtherIsin':
    case 'editor':
    case 'user':
      return 'Forbidden';
    default:
      return 'Unauthorized';
  }
}

interface Ctx {
  /** Runs a field as the admin and answers its data (setup and state reads). */
  readonly admin: (query: string, variables: Record<string, unknown>) => Promise<unknown>;
}

interface Cell {
  readonly resource: ItemResource | 'SHARIAH';
  readonly action: Action;
  readonly query: string;
  readonly variables: (ctx: Ctx) => Promise<Record<string, unknown>>;
  /** Puts the item in the state the call needs (e.g. the sheet to delete exists). */
  readonly prepare?: (ctx: Ctx) => Promise<void>;
  /** What must not change when the call is refused. */
  readonly state: (ctx: Ctx) => Promise<unknown>;
  /** The oracle for a call on no single ISIN (a list), where the rule asks "any item?". */
  readonly expect?: (principal: Principal) => Outcome;
  /** A leak in an accepted answer (items the principal may not read), or undefined. */
  readonly leak?: (data: unknown, principal: Principal) => string | undefined;
}

const DESCRIPTION = `query D($isin: ID!) { curatedDescription(isin: $isin) { text version } }`;
const SHEET = `query S($isin: ID!, $id: ID!) { curationSheet(isin: $isin, id: $id) { version sheet } }`;
const SHEETS = `query L($isin: ID!) { curationSheets(isin: $isin) { id version } }`;

const descriptionState = (ctx: Ctx) => ctx.admin(DESCRIPTION, { isin: A });
const sheetsState = (ctx: Ctx) => ctx.admin(SHEETS, { isin: A });
const sheetVersion = async (ctx: Ctx, id: string) =>
  ((await ctx.admin(SHEET, { isin: A, id })) as { curationSheet: { version: number } | null })
    .curationSheet?.version;
const descriptionVersion = async (ctx: Ctx) =>
  ((await descriptionState(ctx)) as { curatedDescription: { version: number } }).curatedDescription
    .version;
const ANALYST = `query A($isin: ID!) { curatedAnalyst(isin: $isin) { version value } }`;
const analystState = (ctx: Ctx) => ctx.admin(ANALYST, { isin: A });
const analystVersion = async (ctx: Ctx) =>
  ((await analystState(ctx)) as { curatedAnalyst: { version: number } }).curatedAnalyst.version;
const analystInput = () => {
  const { symbol: _symbol, ...input } = companyA.analyst;
  return input;
};
const SHARIAH = `query Q($isin: ID!) { curatedShariah(isin: $isin) { version value } }`;
const shariahState = (ctx: Ctx) => ctx.admin(SHARIAH, { isin: A });
const shariahVersion = async (ctx: Ctx) =>
  ((await shariahState(ctx)) as { curatedShariah: { version: number } }).curatedShariah.version;
const shariahInput = {
  businessActivity: 'permissible',
  interestBearingSecurities: 1_000,
  asOf: '2026-11-01',
  revenueSplit: {
    permissible: 90,
    nonPermissible: 10,
    sources: [{ name: 'Interest', amount: 10 }],
  },
};
const STOCK = `query S($isin: ID!) { curationStock(isin: $isin) { version hidden companyName } }`;
const stockState = (ctx: Ctx) => ctx.admin(STOCK, { isin: A });
const stockVersion = async (ctx: Ctx, isin = A) =>
  ((await ctx.admin(STOCK, { isin })) as { curationStock: { version: number } | null })
    .curationStock?.version;
const STOCK_HISTORY = `query H($isin: ID!) { stockHistory(isin: $isin) { version after { companyName } } }`;
/** The oldest kept version of A's profile (the matrix's setup edit keeps one). */
const keptStockVersion = async (ctx: Ctx) =>
  (
    (await ctx.admin(STOCK_HISTORY, { isin: A })) as { stockHistory: { version: number }[] }
  ).stockHistory.at(-1)?.version;
const CREATE_STOCK = `mutation C($stock: AWSJSON!) { createStock(stock: $stock) { version } }`;
const DELETE_STOCK = `mutation D($isin: ID!, $confirm: String!, $version: Int!) { deleteStock(isin: $isin, confirm: $confirm, version: $version) }`;
const xState = (ctx: Ctx) => ctx.admin(STOCK, { isin: X.isin });
const CREATE_SHEET = `mutation C($isin: ID!, $sheet: AWSJSON!) { createSheet(isin: $isin, sheet: $sheet) { version } }`;
const DELETE_SHEET = `mutation X($isin: ID!, $id: ID!, $version: Int!) { deleteSheet(isin: $isin, id: $id, version: $version) }`;

const CELLS: Record<string, Cell> = {
  curatedDescription: {
    resource: 'DESCRIPTION',
    action: 'read',
    query: DESCRIPTION,
    variables: async () => ({ isin: A }),
    state: descriptionState,
  },
  descriptionHistory: {
    resource: 'DESCRIPTION',
    action: 'read',
    query: `query H($isin: ID!) { descriptionHistory(isin: $isin) { version after } }`,
    variables: async () => ({ isin: A }),
    state: descriptionState,
  },
  updateDescription: {
    resource: 'DESCRIPTION',
    action: 'update',
    query: `mutation U($isin: ID!, $text: String!, $version: Int!) { updateDescription(isin: $isin, text: $text, version: $version) { version } }`,
    variables: async (ctx) => ({
      isin: A,
      text: 'Written by the matrix.',
      version: await descriptionVersion(ctx),
    }),
    state: descriptionState,
  },
  restoreDescription: {
    resource: 'DESCRIPTION',
    action: 'update',
    query: `mutation R($isin: ID!, $version: Int!, $expected: Int!) { restoreDescription(isin: $isin, version: $version, expectedVersion: $expected) { version } }`,
    variables: async (ctx) => ({ isin: A, version: 1, expected: await descriptionVersion(ctx) }),
    state: descriptionState,
  },
  curationSheets: {
    resource: 'SHEETS',
    action: 'read',
    query: SHEETS,
    variables: async () => ({ isin: A }),
    state: sheetsState,
  },
  curationSheet: {
    resource: 'SHEETS',
    action: 'read',
    query: SHEET,
    variables: async () => ({ isin: A, id: ID_A }),
    state: sheetsState,
  },
  sheetHistory: {
    resource: 'SHEETS',
    action: 'read',
    query: `query H($isin: ID!, $id: ID!) { sheetHistory(isin: $isin, id: $id) { version after } }`,
    variables: async () => ({ isin: A, id: ID_A }),
    state: sheetsState,
  },
  createSheet: {
    resource: 'SHEETS',
    action: 'create',
    query: CREATE_SHEET,
    prepare: async (ctx) => {
      const version = await sheetVersion(ctx, NEW_ID);
      if (version !== undefined) await ctx.admin(DELETE_SHEET, { isin: A, id: NEW_ID, version });
    },
    variables: async () => ({ isin: A, sheet: JSON.stringify(newSheet()) }),
    state: sheetsState,
  },
  updateSheet: {
    resource: 'SHEETS',
    action: 'update',
    query: `mutation U($isin: ID!, $id: ID!, $sheet: AWSJSON!, $version: Int!) { updateSheet(isin: $isin, id: $id, sheet: $sheet, version: $version) { version } }`,
    variables: async (ctx) => ({
      isin: A,
      id: ID_A,
      sheet: JSON.stringify(toSheetInput('income', A, latestA)),
      version: await sheetVersion(ctx, ID_A),
    }),
    state: sheetsState,
  },
  deleteSheet: {
    resource: 'SHEETS',
    action: 'delete',
    query: DELETE_SHEET,
    prepare: async (ctx) => {
      if ((await sheetVersion(ctx, NEW_ID)) === undefined) {
        await ctx.admin(CREATE_SHEET, { isin: A, sheet: JSON.stringify(newSheet()) });
      }
    },
    variables: async (ctx) => ({ isin: A, id: NEW_ID, version: await sheetVersion(ctx, NEW_ID) }),
    state: sheetsState,
  },
  curatedAnalyst: {
    resource: 'ANALYST',
    action: 'read',
    query: ANALYST,
    variables: async () => ({ isin: A }),
    state: analystState,
  },
  analystHistory: {
    resource: 'ANALYST',
    action: 'read',
    query: `query H($isin: ID!) { analystHistory(isin: $isin) { version after } }`,
    variables: async () => ({ isin: A }),
    state: analystState,
  },
  updateAnalyst: {
    resource: 'ANALYST',
    action: 'update',
    query: `mutation U($isin: ID!, $analyst: AWSJSON!, $version: Int!) { updateAnalyst(isin: $isin, analyst: $analyst, version: $version) { version } }`,
    variables: async (ctx) => ({
      isin: A,
      analyst: JSON.stringify(analystInput()),
      version: await analystVersion(ctx),
    }),
    state: analystState,
  },
  restoreAnalyst: {
    resource: 'ANALYST',
    action: 'update',
    query: `mutation R($isin: ID!, $version: Int!, $expected: Int!) { restoreAnalyst(isin: $isin, version: $version, expectedVersion: $expected) { version } }`,
    variables: async (ctx) => ({ isin: A, version: 2, expected: await analystVersion(ctx) }),
    state: analystState,
  },
  curatedShariah: {
    resource: 'SHARIAH',
    action: 'read',
    query: SHARIAH,
    variables: async () => ({ isin: A }),
    state: shariahState,
  },
  shariahHistory: {
    resource: 'SHARIAH',
    action: 'read',
    query: `query H($isin: ID!) { shariahHistory(isin: $isin) { version after } }`,
    variables: async () => ({ isin: A }),
    state: shariahState,
  },
  updateShariah: {
    resource: 'SHARIAH',
    action: 'update',
    query: `mutation U($isin: ID!, $shariah: AWSJSON!, $version: Int!) { updateShariah(isin: $isin, shariah: $shariah, version: $version) { version } }`,
    variables: async (ctx) => ({
      isin: A,
      shariah: JSON.stringify(shariahInput),
      version: await shariahVersion(ctx),
    }),
    state: shariahState,
  },
  restoreShariah: {
    resource: 'SHARIAH',
    action: 'update',
    query: `mutation R($isin: ID!, $version: Int!, $expected: Int!) { restoreShariah(isin: $isin, version: $version, expectedVersion: $expected) { version } }`,
    variables: async (ctx) => ({ isin: A, version: 2, expected: await shariahVersion(ctx) }),
    state: shariahState,
  },
  curationStocks: {
    resource: 'STOCKS',
    action: 'read',
    query: `query L { curationStocks(pageSize: 100) { total items { isin } } }`,
    variables: async () => ({}),
    state: stockState,
    // A list asks for read on any stock; it then holds only the ISINs the set reads.
    expect: (principal) =>
      ['admin', 'editorAllOnA', 'editorOtherIsin', 'editorReadOnly'].includes(principal)
        ? 'ok'
        : expected(principal, 'STOCKS', 'update') === 'Unauthorized'
          ? 'Unauthorized'
          : 'Forbidden',
    leak: (data, principal) => {
      if (principal === 'admin') return undefined;
      const allowed = principal === 'editorOtherIsin' ? [B] : [A, X.isin];
      const isins = (data as { items: { isin: string }[] }).items.map((item) => item.isin);
      const extra = isins.filter((isin) => !allowed.includes(isin));
      return extra.length > 0 ? `listed ${extra.join(', ')}` : undefined;
    },
  },
  curationStock: {
    resource: 'STOCKS',
    action: 'read',
    query: STOCK,
    variables: async () => ({ isin: A }),
    state: stockState,
  },
  createStock: {
    resource: 'STOCKS',
    action: 'create',
    query: CREATE_STOCK,
    prepare: async (ctx) => {
      const version = await stockVersion(ctx, X.isin);
      if (version !== undefined) {
        await ctx.admin(DELETE_STOCK, { isin: X.isin, confirm: X.symbol, version });
      }
    },
    variables: async () => ({ stock: JSON.stringify(X) }),
    state: xState,
  },
  updateStock: {
    resource: 'STOCKS',
    action: 'update',
    query: `mutation U($isin: ID!, $profile: AWSJSON!, $version: Int!) { updateStock(isin: $isin, profile: $profile, version: $version) { version } }`,
    variables: async (ctx) => ({
      isin: A,
      profile: JSON.stringify({
        companyName: companyA.profile.companyName,
        currency: companyA.profile.currency,
        sector: companyA.profile.sector,
        industry: companyA.profile.industry,
        country: companyA.profile.country,
        sharesOutstanding: companyA.profile.sharesOutstanding,
      }),
      version: await stockVersion(ctx),
    }),
    state: stockState,
  },
  setStockHidden: {
    resource: 'STOCKS',
    action: 'update',
    query: `mutation H($isin: ID!, $hidden: Boolean!, $version: Int!) { setStockHidden(isin: $isin, hidden: $hidden, version: $version) { version } }`,
    variables: async (ctx) => ({ isin: A, hidden: false, version: await stockVersion(ctx) }),
    state: stockState,
  },
  curationOverview: {
    resource: 'STOCKS',
    action: 'read',
    query: `query O { curationOverview { areas { area } recent { area isin } lastIngest { source } } }`,
    variables: async () => ({}),
    state: stockState,
    // Every curator may open the overview; it then holds only what their set reads.
    expect: (principal) =>
      principal === 'admin' ||
      principal === 'editor' ||
      (EDITORS as readonly string[]).includes(principal)
        ? 'ok'
        : principal === 'user'
          ? 'Forbidden'
          : 'Unauthorized',
    leak: (data, principal) => {
      if (principal === 'admin') return undefined;
      const overview = data as {
        recent: { area: string; isin: string }[];
        lastIngest: unknown;
      };
      if (overview.lastIngest !== null) return 'the last ingest';
      const reads: Record<string, string[]> = {
        editorAllOnA: [A, X.isin],
        editorOtherIsin: [B],
        editorReadOnly: [A, X.isin],
      };
      const mine = reads[principal] ?? [];
      const extra = overview.recent.filter(
        (c) => !mine.includes(c.isin) && !(c.area === 'SHARIAH' && principal === 'editorAllOnA'),
      );
      return extra.length > 0 ? `changes of ${extra.map((c) => c.isin).join(', ')}` : undefined;
    },
  },
  stockHistory: {
    resource: 'STOCKS',
    action: 'read',
    query: STOCK_HISTORY,
    variables: async () => ({ isin: A }),
    state: stockState,
  },
  restoreStock: {
    resource: 'STOCKS',
    action: 'update',
    query: `mutation R($isin: ID!, $version: Int!, $expected: Int!) { restoreStock(isin: $isin, version: $version, expectedVersion: $expected) { version } }`,
    variables: async (ctx) => ({
      isin: A,
      version: await keptStockVersion(ctx),
      expected: await stockVersion(ctx),
    }),
    state: stockState,
  },
  deleteStock: {
    resource: 'STOCKS',
    action: 'delete',
    query: DELETE_STOCK,
    prepare: async (ctx) => {
      if ((await stockVersion(ctx, X.isin)) === undefined) {
        await ctx.admin(CREATE_STOCK, { stock: JSON.stringify(X) });
      }
    },
    variables: async (ctx) => ({
      isin: X.isin,
      confirm: X.symbol,
      version: await stockVersion(ctx, X.isin),
    }),
    state: xState,
  },
  // An import adds and replaces: it needs create and update (the cell's action is the one the
  // create-and-delete editor lacks).
  importSheets: {
    resource: 'SHEETS',
    action: 'update',
    query: `mutation I($isin: ID!, $sheets: AWSJSON!) { importSheets(isin: $isin, sheets: $sheets) { added replaced unchanged } }`,
    variables: async () => ({
      isin: A,
      sheets: JSON.stringify([{ ...newSheet(), year: 2002, date: '2002-12-31' }]),
    }),
    prepare: async (ctx) => {
      const version = await sheetVersion(ctx, 'income-2002-FY');
      if (version !== undefined) {
        await ctx.admin(DELETE_SHEET, { isin: A, id: 'income-2002-FY', version });
      }
    },
    state: sheetsState,
  },
  restoreSheet: {
    resource: 'SHEETS',
    action: 'update',
    query: `mutation R($isin: ID!, $id: ID!, $version: Int!, $expected: Int!) { restoreSheet(isin: $isin, id: $id, version: $version, expectedVersion: $expected) { version } }`,
    variables: async (ctx) => ({
      isin: A,
      id: ID_A,
      version: 1,
      expected: await sheetVersion(ctx, ID_A),
    }),
    state: sheetsState,
  },
};

function outcomeOf(answer: GraphqlAnswer): string {
  if (answer.status === 401) return 'Unauthorized';
  const [error] = answer.errors ?? [];
  if (!error && answer.status === 200) return 'ok';
  return error?.errorType ?? `HTTP ${answer.status}`;
}

describe('curation field × principal matrix (GraphQL)', () => {
  let curation: CurationCallers;
  const auth = new Map<Principal, GraphqlAuth>();
  let ctx: Ctx;

  beforeAll(async () => {
    const stack = sharedStack();
    const [a, b] = (await seedOwnCompanies(stack, 'AC', 2)) as [DemoCompany, DemoCompany];
    companyA = a;
    A = a.profile.isin;
    B = b.profile.isin;
    latestA = a.annual.income[0]!;
    ID_A = `income-${latestA.calendarYear}-FY`;
    const editors = Object.entries(editorSets()).map(([name, permissionSet]) => ({
      name: name as EditorPrincipal | 'editor',
      ...testEditor(`matrix-${name.toLowerCase()}`, permissionSet),
    }));
    curation = await curationCallers({ tag: 'authz-curation', editors });
    const target = stack.target;
    const token = async (email: string, password: string) =>
      (await signIn(target, email, password)).idToken;
    for (const { name, email } of editors) auth.set(name, curation.as(email));
    auth.set('admin', curation.as('admin'));
    auth.set('user', { token: (await signedInAccount(stack, 'matrix-user')).idToken });
    const identity = identityClient(stack.endpoints.identity);
    const leaving = { email: uniqueEmail('matrix-gone'), password: PASSWORD };
    await ensureDemoAccount(identity, stack.pool.userPoolId, {
      ...leaving,
      phoneNumber: uniquePhone(),
      group: 'admin',
    });
    identity.destroy();
    const gone = await token(leaving.email, leaving.password);
    const signedOut = await fetch(`${stack.url}/api/account/sign-out`, {
      method: 'POST',
      headers: { Authorization: gone, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scope: 'this-device' }),
    });
    if (signedOut.status !== 200) throw new Error(`Sign-out failed: ${await signedOut.text()}`);
    auth.set('signedOut', { token: gone });
    const adminToken = (curation.as('admin') as { token: string }).token;
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const past = Math.floor(Date.now() / 1000) - 3_600;
    auth.set('forged', { token: resign(adminToken, stranger, {}) });
    auth.set('expired', { token: resign(adminToken, stranger, { iat: past - 3_600, exp: past }) });
    const userToken = (auth.get('user') as { token: string }).token;
    auth.set('tampered', { token: tampered(userToken, { 'cognito:groups': ['admin'] }) });
    auth.set('apiKey', curation.publicKey);
    auth.set('anonymous', { token: '' });

    ctx = {
      admin: async (query, variables) => {
        const answer = await curation.graphql(curation.as('admin'), query, variables);
        if (answer.errors) throw new Error(`Admin call failed: ${JSON.stringify(answer.errors)}`);
        return answer.data;
      },
    };
    // Kept versions to restore: of the description, the sheet, the analyst and Shariah data and
    // the stock.
    await ctx.admin(CELLS.updateDescription!.query, await CELLS.updateDescription!.variables(ctx));
    await ctx.admin(CELLS.updateSheet!.query, await CELLS.updateSheet!.variables(ctx));
    await ctx.admin(CELLS.updateAnalyst!.query, await CELLS.updateAnalyst!.variables(ctx));
    await ctx.admin(CELLS.updateShariah!.query, await CELLS.updateShariah!.variables(ctx));
    await ctx.admin(CELLS.updateStock!.query, await CELLS.updateStock!.variables(ctx));
  });

  it('has a cell for every curation field of core’s contract', () => {
    const fields = GRAPHQL_FIELDS.filter((f) => f.auth === 'userPool').map((f) => f.fieldName);
    expect(Object.keys(CELLS).sort()).toEqual([...fields].sort());
  });

  it('answers each cell as the permission rule says, and a refusal leaks and changes nothing', async () => {
    const mismatches: string[] = [];
    const secrets = [companyA.profile.description.slice(0, 40), String(latestA.revenue)];
    for (const [field, cell] of Object.entries(CELLS)) {
      for (const principal of PRINCIPALS) {
        await cell.prepare?.(ctx);
        const variables = await cell.variables(ctx);
        const before = await cell.state(ctx);
        const answer = await curation.graphql(auth.get(principal)!, cell.query, variables);
        const outcome = outcomeOf(answer);
        const want = cell.expect?.(principal) ?? expected(principal, cell.resource, cell.action);
        if (outcome !== want) {
          mismatches.push(`${field} as ${principal}: ${outcome} (expected ${want})`);
        }
        const leak = outcome === 'ok' ? cell.leak?.(answer.data?.[field], principal) : undefined;
        if (leak) mismatches.push(`${field} as ${principal}: ${leak}`);
        if (outcome !== 'ok') {
          const text = JSON.stringify(answer);
          const leaked = secrets.filter((secret) => text.includes(secret));
          if (answer.data?.[field] != null || leaked.length > 0) {
            mismatches.push(`${field} as ${principal}: a refusal leaked ${leaked.join(', ')}`);
          }
          if (JSON.stringify(await cell.state(ctx)) !== JSON.stringify(before)) {
            mismatches.push(`${field} as ${principal}: a refusal changed the item`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
