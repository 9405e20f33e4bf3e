/** '/stocks/profile/ABC.L': the symbol is one encoded path segment (dotted and caret tickers). */
export const stockPath = (prefix: string, symbol: string, suffix = ''): string =>
  `${prefix}/${encodeURIComponent(symbol)}${suffix}`;

/** Query keys of one stock's data, so a test or an invalidation can address all of them. */
export const stockKey = (symbol: string, ...rest: readonly (string | number)[]) =>
  ['stock', symbol, ...rest] as const;
