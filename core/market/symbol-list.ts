/**
 * A configured list of tickers (the ingest's INGEST_SYMBOLS, the local real-data mode's
 * FMP_SYMBOLS): 'AAPL, msft,,BP.L' → ['AAPL', 'MSFT', 'BP.L'], trimmed, upper-cased, blanks and
 * repeats dropped.
 */
export function parseSymbolList(text: string): string[] {
  const symbols = text
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(symbols)];
}
