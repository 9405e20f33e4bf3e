import { findExchange } from './market/exchanges';

/** A stock of the list (SPEC §3 Stock: symbol, name, exchangeShortName). */
export interface StockListEntry {
  readonly symbol: string;
  readonly name: string;
  readonly exchangeShortName: string;
}

/**
 * The stock list on the wire. The SPA downloads the whole universe once per 5 minutes (SPEC §7),
 * so bytes matter: columns instead of objects (no repeated keys); stocks grouped by exchange, so
 * the exchange column is a few runs; the ticker suffix an exchange implies ('.L', '.DE', …) left
 * out; and each symbol front-coded against the previous one (sorted tickers share prefixes).
 */
export interface CompactStockList {
  readonly format: 'stock-list/v2';
  readonly count: number;
  /** [exchangeShortName, number of consecutive stocks on it] in list order. */
  readonly runs: readonly (readonly [string, number])[];
  /**
   * One line per stock: a character giving how many leading characters repeat the previous
   * line's key ('0' + n), then the rest. A key starting with '=' is a symbol kept verbatim.
   */
  readonly symbols: string;
  readonly names: string;
}

const VERBATIM = '=';
const MAX_SHARED_PREFIX = 40;
const PREFIX_BASE = 48; // '0'

const suffixOf = (exchange: string): string => findExchange(exchange)?.symbolSuffix ?? '';
const clean = (text: string) => text.replace(/[\n\r]+/g, ' ');

/** The symbol without the suffix its exchange implies, or '=' + the symbol when none applies. */
function keyOf(symbol: string, suffix: string): string {
  const implied =
    suffix !== '' && symbol.endsWith(suffix) && symbol.length > suffix.length
      ? symbol.slice(0, -suffix.length)
      : suffix === ''
        ? symbol
        : undefined;
  return implied !== undefined && !implied.startsWith(VERBATIM) ? implied : `${VERBATIM}${symbol}`;
}

const byExchangeThenSymbol = (a: StockListEntry, b: StockListEntry) =>
  a.exchangeShortName < b.exchangeShortName
    ? -1
    : a.exchangeShortName > b.exchangeShortName
      ? 1
      : a.symbol < b.symbol
        ? -1
        : a.symbol > b.symbol
          ? 1
          : 0;

export function encodeStockList(entries: readonly StockListEntry[]): CompactStockList {
  const sorted = entries
    .map((e) => ({ ...e, symbol: clean(e.symbol), name: clean(e.name) }))
    .sort(byExchangeThenSymbol);
  const runs: [string, number][] = [];
  const lines: string[] = [];
  let previous = '';
  for (const entry of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[0] === entry.exchangeShortName) last[1] += 1;
    else runs.push([entry.exchangeShortName, 1]);
    const key = keyOf(entry.symbol, suffixOf(entry.exchangeShortName));
    let shared = 0;
    const limit = Math.min(previous.length, key.length, MAX_SHARED_PREFIX);
    while (shared < limit && previous[shared] === key[shared]) shared += 1;
    lines.push(String.fromCharCode(PREFIX_BASE + shared) + key.slice(shared));
    previous = key;
  }
  return {
    format: 'stock-list/v2',
    count: sorted.length,
    runs,
    symbols: lines.join('\n'),
    names: sorted.map((e) => e.name).join('\n'),
  };
}

export function decodeStockList(list: CompactStockList): StockListEntry[] {
  if (list.format !== 'stock-list/v2') throw new Error(`unknown stock list format ${list.format}`);
  if (list.count === 0) return [];
  const lines = list.symbols.split('\n');
  const names = list.names.split('\n');
  const runTotal = list.runs.reduce((total, [, n]) => total + n, 0);
  if (lines.length !== list.count || names.length !== list.count || runTotal !== list.count) {
    throw new Error('stock list columns do not match its count');
  }
  const entries: StockListEntry[] = [];
  let previous = '';
  let i = 0;
  for (const [exchangeShortName, n] of list.runs) {
    const suffix = suffixOf(exchangeShortName);
    for (let k = 0; k < n; k += 1, i += 1) {
      const line = lines[i]!;
      const key = previous.slice(0, line.charCodeAt(0) - PREFIX_BASE) + line.slice(1);
      previous = key;
      entries.push({
        symbol: key.startsWith(VERBATIM) ? key.slice(1) : key + suffix,
        name: names[i]!,
        exchangeShortName,
      });
    }
  }
  return entries;
}
