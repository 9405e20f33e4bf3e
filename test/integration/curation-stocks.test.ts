import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../core/api/asset-routes';
import type { CuratedStock } from '../../core/curation/stock';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import type { DemoCompany, DemoProfile } from '../../infra/local/demo/universe';
import { LOCAL_GRAPHQL_API_KEY } from '../../infra/local/stack';
import {
  curationCallers,
  testEditor,
  type CurationCallers,
  type TestEditor,
} from '../support/curation-callers';
import { ownStockIdentity, seedOwnCompanies } from '../support/own-companies';
import { sharedStack } from '../support/shared-stack';

/**
 * Curation of the stocks themselves over HTTP on the local product: a new stock is on the public
 * site at once (profile, quote, list), duplicates are refused, one of many concurrent edits wins,
 * hiding takes it out of the public list, deletion removes it, and editors act per ISIN. On the
 * shared stack the stocks are the file's own (two seeded ones, one added under a symbol and ISIN
 * no other file uses), and so are the administrator and the editor.
 */
let A: DemoProfile;
let B: DemoProfile;
/** Renamed and restored only by the test of names in search. */
let C: DemoProfile;
const added = ownStockIdentity('ST');
/** A well-formed ISIN whose check digit is wrong. */
const BAD_ISIN = `${added.first11}${(Number(added.isin.slice(11)) + 1) % 10}`;
const NEW = {
  symbol: added.symbol,
  isin: added.isin,
  exchangeShortName: 'NYSE',
  companyName: 'Curated Holdings',
  currency: 'USD',
  sector: 'Industrials',
  industry: 'Machinery',
  country: 'US',
  sharesOutstanding: 12_000_000,
};
const withStocks = (lists: Partial<Record<'read' | 'update', string[]>>): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, STOCKS: { ...set.STOCKS, ...lists } };
};
let EDITOR: TestEditor;
const ROW = 'isin symbol companyName exchangeShortName hidden version updatedBy';
const CREATE = `mutation C($stock: AWSJSON!) { createStock(stock: $stock) { ${ROW} } }`;
const READ = `query R($isin: ID!) { curationStock(isin: $isin) { ${ROW} currency sector industry country sharesOutstanding } }`;
const UPDATE = `mutation U($isin: ID!, $profile: AWSJSON!, $version: Int!) { updateStock(isin: $isin, profile: $profile, version: $version) { ${ROW} } }`;
const HIDE = `mutation H($isin: ID!, $hidden: Boolean!, $version: Int!) { setStockHidden(isin: $isin, hidden: $hidden, version: $version) { ${ROW} } }`;
const HISTORY = `query H($isin: ID!) { stockHistory(isin: $isin) { isin version updatedAt updatedBy before { companyName hidden version } after { companyName hidden version } } }`;
const RESTORE = `mutation R($isin: ID!, $version: Int!, $expected: Int!) { restoreStock(isin: $isin, version: $version, expectedVersion: $expected) { ${ROW} } }`;
const DELETE = `mutation D($isin: ID!, $confirm: String!, $version: Int!) { deleteStock(isin: $isin, confirm: $confirm, version: $version) }`;

describe('curation of stocks (GraphQL, local product)', () => {
  let curation: CurationCallers;
  const asAdmin = (query: string, variables: Record<string, unknown>) =>
    curation.graphql(curation.as('admin'), query, variables);
  const read = async (isin: string) =>
    (await asAdmin(READ, { isin })).data?.curationStock as CuratedStock & Record<string, unknown>;
  const profileOf = ({
    companyName,
    currency,
    sector,
    industry,
    country,
    sharesOutstanding,
  }: typeof NEW) =>
    JSON.stringify({ companyName, currency, sector, industry, country, sharesOutstanding });
  const publicList = async () => {
    const response = await fetch(`${curation.stack.url}/api/asset/stocks/list?all=true`);
    const [list] = ((await response.json()) as Envelope<CompactStockList>).data;
    return decodeStockList(list!).map((s) => s.symbol);
  };

  beforeAll(async () => {
    const [a, b, c] = (await seedOwnCompanies(sharedStack(), 'ST', 3)) as [
      DemoCompany,
      DemoCompany,
      DemoCompany,
    ];
    A = a.profile;
    B = b.profile;
    C = c.profile;
    EDITOR = testEditor('stocks-editor', withStocks({ read: [A.isin, B.isin], update: [A.isin] }));
    curation = await curationCallers({ tag: 'curation-stocks', editors: [EDITOR] });
  });

  it('adds a stock that the public site shows at once, and refuses a taken ISIN or symbol', async () => {
    const created = await asAdmin(CREATE, { stock: JSON.stringify(NEW) });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createStock).toMatchObject({
      symbol: NEW.symbol,
      version: 1,
      hidden: false,
    });
    const profile = await fetch(`${curation.stack.url}/api/asset/stocks/profile/${NEW.symbol}`);
    expect(profile.status).toBe(200);
    const [shown] = ((await profile.json()) as Envelope<{ companyName: string; isin: string }>)
      .data;
    expect(shown).toMatchObject({ companyName: 'Curated Holdings', isin: NEW.isin });
    await expect.poll(publicList, { timeout: 5_000 }).toContain(NEW.symbol);
    const again = await asAdmin(CREATE, { stock: JSON.stringify(NEW) });
    expect(again.errors?.[0]).toMatchObject({
      errorType: 'Conflict',
      message: `A stock with ISIN ${NEW.isin} exists`,
    });
    const taken = await asAdmin(CREATE, {
      stock: JSON.stringify({ ...NEW, isin: ownStockIdentity('ST').isin, symbol: A.symbol }),
    });
    expect(taken.errors?.[0]?.message).toBe(`The symbol ${A.symbol} belongs to ${A.isin}`);
    const bad = await asAdmin(CREATE, { stock: JSON.stringify({ ...NEW, isin: BAD_ISIN }) });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'BadRequest' });
    expect(bad.errors?.[0]?.message).toMatch(/^stock\.isin: /);
  });

  it('stores what the admin entered and nothing more: no head count, IPO date, beta, float, dividend, price or price history', async () => {
    const get = async (path: string) => {
      const response = await fetch(`${curation.stack.url}/api/asset${path}`);
      return { status: response.status, body: (await response.json()) as Envelope<unknown> };
    };
    const profile = await get(`/stocks/profile/${NEW.symbol}`);
    expect(profile.status).toBe(200);
    const [shown] = profile.body.data as Record<string, unknown>[];
    expect(shown).toMatchObject({
      companyName: NEW.companyName,
      sharesOutstanding: NEW.sharesOutstanding,
      fullTimeEmployees: null,
      ipoDate: null,
      ceo: '',
      // Not a beta of 1, a float equal to the shares outstanding or a dividend of 0.
      beta: null,
      floatShares: null,
      lastDiv: null,
    });
    const shares = await get(`/stocks/shares?symbol=${NEW.symbol}`);
    expect(shares.status).toBe(200);
    expect(shares.body.data[0]).toMatchObject({
      floatShares: null,
      freeFloat: null,
      outstandingShares: NEW.sharesOutstanding,
    });
    for (const live of ['price', 'changes', 'mktCap', 'range']) {
      expect(shown, live).not.toHaveProperty(live);
    }
    expect((await get(`/stocks/quote/${NEW.symbol}`)).status).toBe(404);
    const daily = await get(`/stocks/chart/${NEW.symbol}/months-years`);
    expect(daily).toMatchObject({ status: 200, body: { data: [] } });
    const intraday = await get(`/stocks/chart/${NEW.symbol}`);
    expect(intraday).toMatchObject({ status: 200, body: { data: [] } });
    // The universe's reads leave a company without a quote out rather than failing.
    expect((await get('/stocks/movers')).status).toBe(200);
    // The public GraphQL field says the same: null, not a 0 or an error.
    const stock = await curation.graphql(
      { apiKey: LOCAL_GRAPHQL_API_KEY },
      `{ stock(symbol: "${NEW.symbol}") { fullTimeEmployees ipoDate beta lastDiv price } }`,
    );
    expect(stock.errors).toBeUndefined();
    expect(stock.data?.stock).toEqual({
      fullTimeEmployees: null,
      ipoDate: null,
      beta: null,
      lastDiv: null,
      price: null,
    });
  });

  it('lets exactly one of 20 concurrent edits at one version win, and the public profile shows it', async () => {
    const { version } = await read(NEW.isin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asAdmin(UPDATE, {
          isin: NEW.isin,
          profile: profileOf({ ...NEW, companyName: `Curated ${i}` }),
          version,
        }),
      ),
    );
    const won = answers.filter((a) => !a.errors);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.errors?.[0]?.errorType === 'Conflict')).toHaveLength(19);
    const winner = (won[0]!.data?.updateStock as CuratedStock).companyName;
    expect(await read(NEW.isin)).toMatchObject({ companyName: winner, version: version + 1 });
    const [shown] = (
      (await (
        await fetch(`${curation.stack.url}/api/asset/stocks/profile/${NEW.symbol}`)
      ).json()) as Envelope<{ companyName: string }>
    ).data;
    expect(shown!.companyName).toBe(winner);
  });

  it('hides a stock from the public list but keeps its page, and shows it again', async () => {
    const { version } = await read(NEW.isin);
    const hidden = await asAdmin(HIDE, { isin: NEW.isin, hidden: true, version });
    expect(hidden.data?.setStockHidden).toMatchObject({ hidden: true });
    // The list is a whole-universe read the API refreshes behind its cache (SPEC §7: 5 minutes
    // in the browser); the shared stack's copy lasts a second, so the answers soon drop it.
    await expect.poll(publicList, { timeout: 5_000 }).not.toContain(NEW.symbol);
    expect(
      (await fetch(`${curation.stack.url}/api/asset/stocks/profile/${NEW.symbol}`)).status,
    ).toBe(200);
    await asAdmin(HIDE, { isin: NEW.isin, hidden: false, version: version + 1 });
    await expect.poll(publicList, { timeout: 5_000 }).toContain(NEW.symbol);
  });

  it('an editor edits the stock their set allows and is refused on another, which stays as it was', async () => {
    const mine = await read(A.isin);
    const ok = await curation.graphql(curation.as(EDITOR.email), UPDATE, {
      isin: A.isin,
      profile: profileOf({ ...NEW, companyName: 'Edited by the editor' }),
      version: mine.version,
    });
    expect(ok.errors).toBeUndefined();
    const before = await read(B.isin);
    const refused = await curation.graphql(curation.as(EDITOR.email), UPDATE, {
      isin: B.isin,
      profile: profileOf(NEW),
      version: before.version,
    });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'Forbidden' });
    expect(await read(B.isin)).toEqual(before);
    const listed = await curation.graphql(
      curation.as(EDITOR.email),
      `{ curationStocks { total items { symbol } } }`,
    );
    expect(listed.data?.curationStocks).toMatchObject({ total: 2 });
  });

  it('lists every change with who and when, restores a kept version as a new one that the public profile shows, and refuses a stale restore', async () => {
    const adminEmail = curation.admin.email;
    const history = async () =>
      (await asAdmin(HISTORY, { isin: NEW.isin })).data?.stockHistory as {
        version: number;
        updatedAt: string;
        updatedBy: string;
        before: { companyName: string; hidden: boolean; version: number } | null;
        after: { companyName: string; hidden: boolean; version: number };
      }[];
    const current = await read(NEW.isin);
    // Added, edited (the winner of the race), hidden, shown again: four versions, newest first.
    const kept = await history();
    expect(kept.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect(kept.every((v) => v.updatedBy === adminEmail)).toBe(true);
    expect(kept.every((v) => Date.parse(v.updatedAt) > Date.now() - 600_000)).toBe(true);
    expect(kept[3]).toMatchObject({ before: null, after: { companyName: NEW.companyName } });
    expect(kept[1]).toMatchObject({ before: { hidden: false }, after: { hidden: true } });
    expect(kept[2]!.after.companyName).toBe(current.companyName);

    const stale = await asAdmin(RESTORE, { isin: NEW.isin, version: 1, expected: 3 });
    expect(stale.errors?.[0]).toMatchObject({ errorType: 'Conflict' });
    expect(await read(NEW.isin)).toEqual(current);
    const gone = await asAdmin(RESTORE, { isin: NEW.isin, version: 99, expected: 4 });
    expect(gone.errors?.[0]).toMatchObject({ errorType: 'NotFound' });

    const restored = await asAdmin(RESTORE, { isin: NEW.isin, version: 1, expected: 4 });
    expect(restored.errors).toBeUndefined();
    expect(restored.data?.restoreStock).toMatchObject({
      symbol: NEW.symbol,
      isin: NEW.isin,
      companyName: NEW.companyName,
      hidden: false,
      version: 5,
      updatedBy: adminEmail,
    });
    const [latest] = await history();
    expect(latest).toMatchObject({
      version: 5,
      updatedBy: adminEmail,
      before: { companyName: current.companyName, version: 4 },
      after: { companyName: NEW.companyName, version: 5 },
    });
    const [shown] = (
      (await (
        await fetch(`${curation.stack.url}/api/asset/stocks/profile/${NEW.symbol}`)
      ).json()) as Envelope<{ companyName: string }>
    ).data;
    expect(shown!.companyName).toBe(NEW.companyName);
  });

  it('shows a rename and its restore at once in the public list and search, not after the copies expire', async () => {
    const listedName = async () => {
      const response = await fetch(`${curation.stack.url}/api/asset/stocks/list?all=true`);
      const [list] = ((await response.json()) as Envelope<CompactStockList>).data;
      return decodeStockList(list!).find((s) => s.symbol === C.symbol)?.name;
    };
    const found = async (name: string) => {
      const query = new URLSearchParams({ query: name });
      const response = await fetch(`${curation.stack.url}/api/asset/stocks/search?${query}`);
      const rows = ((await response.json()) as Envelope<{ symbol: string }>).data;
      return rows.map((row) => row.symbol);
    };
    // Both copies (list and profiles) were loaded just now: each answer below comes right after
    // its write, within the copies' life, without polling.
    expect(await listedName()).toBe(C.companyName);
    expect(await found(C.companyName)).toContain(C.symbol);
    const rename = async (companyName: string) => {
      const current = await read(C.isin);
      const edit = await asAdmin(UPDATE, {
        isin: C.isin,
        profile: profileOf({ ...NEW, ...current, companyName }),
        version: current.version,
      });
      expect(edit.errors).toBeUndefined();
      return (edit.data?.updateStock as CuratedStock).version;
    };
    const first = `Renamed ${C.symbol} Holdings`;
    const firstVersion = await rename(first);
    expect(await listedName()).toBe(first);
    expect(await found(first)).toContain(C.symbol);
    const second = `Second ${C.symbol} Group`;
    const secondVersion = await rename(second);
    expect(await listedName()).toBe(second);

    const restored = await asAdmin(RESTORE, {
      isin: C.isin,
      version: firstVersion,
      expected: secondVersion,
    });
    expect(restored.errors).toBeUndefined();
    expect(await listedName()).toBe(first);
    expect(await found(first)).toContain(C.symbol);
    expect(await found(second)).not.toContain(C.symbol);
  });

  it('an editor reads the history of a stock they may read, and may not restore it without update', async () => {
    const before = await read(B.isin);
    await asAdmin(UPDATE, {
      isin: B.isin,
      profile: profileOf({ ...NEW, companyName: 'B renamed by the admin' }),
      version: before.version,
    });
    const seen = await curation.graphql(curation.as(EDITOR.email), HISTORY, { isin: B.isin });
    expect(seen.errors).toBeUndefined();
    const [entry] = seen.data?.stockHistory as { version: number }[];
    const after = await read(B.isin);
    expect(entry).toMatchObject({ version: after.version });
    const refused = await curation.graphql(curation.as(EDITOR.email), RESTORE, {
      isin: B.isin,
      version: entry!.version,
      expected: after.version,
    });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'Forbidden' });
    expect(await read(B.isin)).toEqual(after);
  });

  it('deletes only with the symbol typed, and the public page is gone', async () => {
    const { version } = await read(NEW.isin);
    const wrong = await asAdmin(DELETE, {
      isin: NEW.isin,
      confirm: NEW.symbol.slice(0, -1),
      version,
    });
    expect(wrong.errors?.[0]?.message).toBe(
      `confirm: type the symbol ${NEW.symbol} to confirm the deletion`,
    );
    const done = await asAdmin(DELETE, {
      isin: NEW.isin,
      confirm: NEW.symbol.toLowerCase(),
      version,
    });
    expect(done.data?.deleteStock).toBe(true);
    expect(
      (await fetch(`${curation.stack.url}/api/asset/stocks/profile/${NEW.symbol}`)).status,
    ).toBe(404);
    expect(await read(NEW.isin)).toBeNull();
    // The ISIN and symbol are free again.
    const readded = await asAdmin(CREATE, { stock: JSON.stringify(NEW) });
    expect(readded.data?.createStock).toMatchObject({ version: 1 });
  });
});
