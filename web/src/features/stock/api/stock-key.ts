/** Query keys of one stock's data, so a test or an invalidation can address all of them. */
export const stockKey = (symbol: string, ...rest: readonly (string | number)[]) =>
  ['stock', symbol, ...rest] as const;
