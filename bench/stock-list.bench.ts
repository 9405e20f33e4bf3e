import { gzipSync } from 'node:zlib';
import { encodeStockList, type StockListEntry } from '../core/stock-list';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../infra/local/demo/universe';
import type { Figure } from './figures';

/**
 * The stock list on the wire (SPEC §7: the SPA downloads it whole): bytes per symbol of the
 * compact encoding, raw and gzip, against plain JSON objects of the provider's stock-list shape
 * ({symbol, name, exchangeShortName}) for the same list.
 */
export async function benchStockList(): Promise<Figure[]> {
  const entries: StockListEntry[] = generateUniverse({ count: 2_000, anchor: FIXED_DEMO_ANCHOR })
    .map((c) => ({
      symbol: c.profile.symbol,
      name: c.profile.companyName,
      exchangeShortName: c.profile.exchangeShortName,
    }))
    .sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
  const compact = Buffer.from(JSON.stringify({ data: [encodeStockList(entries)] }));
  const plain = Buffer.from(JSON.stringify(entries));
  const perSymbol = (bytes: number) => bytes / entries.length;
  const compactGzip = gzipSync(compact, { level: 6 }).length;
  const plainGzip = gzipSync(plain, { level: 6 }).length;
  return [
    { name: 'stock list, compact, raw', value: perSymbol(compact.length), unit: 'B/symbol' },
    { name: 'stock list, compact, gzip', value: perSymbol(compactGzip), unit: 'B/symbol' },
    { name: 'stock list, provider objects, raw', value: perSymbol(plain.length), unit: 'B/symbol' },
    { name: 'stock list, provider objects, gzip', value: perSymbol(plainGzip), unit: 'B/symbol' },
    {
      name: 'stock list gzip, compact / provider objects',
      value: compactGzip / plainGzip,
      unit: '×',
      target: { op: '<=', value: 0.6 },
    },
  ];
}
