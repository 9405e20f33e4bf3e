import { describe, expect, it } from 'vitest';
import { DEMO_PER_USD } from './fx';
import { screenerStock } from '../testing/screener-stock';
import { runScreen, screenQuery } from './stock-screen';

const stock = screenerStock;

const q = (params: Record<string, string>) => screenQuery.parse(params);

describe('screenQuery', () => {
  it('defaults to USD, largest market cap first, 25 a page', () => {
    expect(q({})).toMatchObject({
      currency: 'USD',
      sort: 'marketCap',
      order: 'desc',
      offset: 0,
      limit: 25,
    });
  });

  it('names the field it refuses', () => {
    const paths = (params: Record<string, string>) =>
      screenQuery.safeParse(params).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ currency: 'XYZ' })).toEqual(['currency']);
    expect(paths({ peMin: 'ten' })).toEqual(['peMin']);
    expect(paths({ limit: '101' })).toEqual(['limit']);
    expect(paths({ sort: 'password' })).toEqual(['sort']);
    expect(paths({ shariah: 'ibn-sina' })).toEqual(['shariah']);
    expect(paths({ bogus: '1' })).toEqual(['']);
    expect(paths({ priceMin: '10', priceMax: '5' })).toEqual(['priceMax']);
  });
});

describe('runScreen', () => {
  it('bands market caps in the chosen currency, not in each listing’s own', () => {
    // JPY 450bn is USD 3bn: a mid cap, though its yen figure is "mega" read as dollars.
    const universe = [
      stock('TOYO', { currency: 'JPY', marketCap: 450e9, exchangeShortName: 'JPX' }),
      stock('BIGUS', { marketCap: 300e9 }),
    ];
    const mid = runScreen(
      universe,
      q({ marketCapMin: '2000000000', marketCapMax: '10000000000' }),
      DEMO_PER_USD,
    );
    expect(mid.rows.map((r) => r.symbol)).toEqual(['TOYO']);
    expect(mid.rows[0]!.marketCapConverted).toBeCloseTo(3e9);
    const inYen = runScreen(
      universe,
      q({ currency: 'JPY', marketCapMin: '1000000000000' }),
      DEMO_PER_USD,
    );
    expect(inYen.rows.map((r) => r.symbol)).toEqual(['BIGUS']);
  });

  it('tells the true count however small the page, and pages in a stable order', () => {
    const universe = Array.from({ length: 127 }, (_, i) =>
      stock(`S${String(i).padStart(3, '0')}`, { marketCap: 1e9 * (i % 3) }),
    );
    const pages = [0, 50, 100].map((offset) =>
      runScreen(universe, q({ limit: '50', offset: String(offset) }), DEMO_PER_USD),
    );
    expect(pages.map((p) => p.total)).toEqual([127, 127, 127]);
    expect(pages.map((p) => p.rows.length)).toEqual([50, 50, 27]);
    const symbols = pages.flatMap((p) => p.rows.map((r) => r.symbol));
    expect(new Set(symbols).size).toBe(127);
    // Equal caps are ordered by symbol.
    expect(symbols.slice(0, 3)).toEqual(['S002', 'S005', 'S008']);
  });

  it('puts missing figures last either way, and keeps them out of a bounded range', () => {
    const universe = [
      stock('LOSS', { pe: null }),
      stock('CHEAP', { pe: 5 }),
      stock('DEAR', { pe: 40 }),
    ];
    const order = (o: string) =>
      runScreen(universe, q({ sort: 'pe', order: o }), DEMO_PER_USD).rows.map((r) => r.symbol);
    expect(order('asc')).toEqual(['CHEAP', 'DEAR', 'LOSS']);
    expect(order('desc')).toEqual(['DEAR', 'CHEAP', 'LOSS']);
    expect(runScreen(universe, q({ peMax: '100' }), DEMO_PER_USD).total).toBe(2);
  });

  it('keeps only stocks compliant under the chosen standard', () => {
    const universe = [
      stock('HALAL', { shariah: { aaoifi: 'compliant', msci: 'non-compliant' } }),
      stock('MIXED', { shariah: { aaoifi: 'questionable', msci: 'compliant' } }),
      stock('NODATA'),
    ];
    const names = (standard: string) =>
      runScreen(universe, q({ shariah: standard }), DEMO_PER_USD).rows.map((r) => r.symbol);
    expect(names('aaoifi')).toEqual(['HALAL']);
    expect(names('msci')).toEqual(['MIXED']);
  });
});
