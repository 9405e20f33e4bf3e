import { findExchange } from './market/exchanges';

/** A stock of the list (SPEC §3 Stock: symbol, name, exchangeShortName). */
export interface StockListEntry {
  readonly symbol: string;
  readonly name: string;
  readonly exchangeShortName: string;
}

/**
 * The stock list on the wire: columns instead of objects (no repeated keys), exchanges as a
 * dictionary, and the exchange's ticker suffix ('.L', '.DE', …) left out where the exchange implies
 * it. The SPA downloads the whole universe once per 5 minutes (SPEC §7), so bytes matter.
 */
export interface CompactStockList {
  readonly format: 'stock-list/v1';
  readonly count: number;
  readonly exchanges: readonly string[];
  /** One line per stock. A leading '=' marks a symbol kept verbatim (suffix not implied). */
  readonly symbols: string;
  readonly names: string;
  /** One character per stock: the base-36 index into `exchanges`. */
  readonly exchangeOf: string;
}

const VERBATIM = '=';
const MAX_EXCHANGES = 36;

const suffixOf = (exchange: string): string => findExchange(exchange)?.symbolSuffix ?? '';

const clean = (text: string) => text.replace(/[\n\r]+/g, ' ');

export function encodeStockList(entries: readonly StockListEntry[]): CompactStockList {
  const exchanges: string[] = [];
  const exchangeIndex = new Map<string, number>();
  const symbols: string[] = [];
  const names: string[] = [];
  let exchangeOf = '';
  for (const entry of entries) {
    let index = exchangeIndex.get(entry.exchangeShortName);
    if (index === undefined) {
      index = exchanges.length;
      if (index >= MAX_EXCHANGES) throw new Error(`more than ${MAX_EXCHANGES} exchanges`);
      exchanges.push(entry.exchangeShortName);
      exchangeIndex.set(entry.exchangeShortName, index);
    }
    exchangeOf += index.toString(36);
    const suffix = suffixOf(entry.exchangeShortName);
    const symbol = clean(entry.symbol);
    const implied =
      suffix !== '' && symbol.endsWith(suffix) && symbol.length > suffix.length
        ? symbol.slice(0, -suffix.length)
        : undefined;
    symbols.push(
      implied !== undefined && !implied.startsWith(VERBATIM)
        ? implied
        : suffix === '' && !symbol.startsWith(VERBATIM)
          ? symbol
          : `${VERBATIM}${symbol}`,
    );
    names.push(clean(entry.name));
  }
  return {
    format: 'stock-list/v1',
    count: entries.length,
    exchanges,
    symbols: symbols.join('\n'),
    names: names.join('\n'),
    exchangeOf,
  };
}

export function decodeStockList(list: CompactStockList): StockListEntry[] {
  if (list.format !== 'stock-list/v1') throw new Error(`unknown stock list format ${list.format}`);
  if (list.count === 0) return [];
  const symbols = list.symbols.split('\n');
  const names = list.names.split('\n');
  if (symbols.length !== list.count || names.length !== list.count) {
    throw new Error('stock list columns do not match its count');
  }
  const suffixes = list.exchanges.map(suffixOf);
  const entries: StockListEntry[] = new Array<StockListEntry>(list.count);
  for (let i = 0; i < list.count; i += 1) {
    const index = Number.parseInt(list.exchangeOf[i] ?? '', 36);
    const exchangeShortName = list.exchanges[index];
    if (exchangeShortName === undefined) throw new Error(`stock ${i} has no exchange`);
    const raw = symbols[i]!;
    entries[i] = {
      symbol: raw.startsWith(VERBATIM) ? raw.slice(1) : raw + suffixes[index]!,
      name: names[i]!,
      exchangeShortName,
    };
  }
  return entries;
}
