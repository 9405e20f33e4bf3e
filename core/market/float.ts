/** SPEC §7 /stocks/shares: a company's free float, as the provider reports it. */
export interface SharesFloat {
  readonly symbol: string;
  readonly date: string;
  /** Percentage of the shares outstanding that trade freely, two decimals; null: float not known. */
  readonly freeFloat: number | null;
  readonly floatShares: number | null;
  readonly outstandingShares: number;
  readonly source: string;
}

/** The free float in % (two decimals) of `floatShares` out of `sharesOutstanding`; 0 without shares. */
export function freeFloatPercent(floatShares: number, sharesOutstanding: number): number {
  if (!(sharesOutstanding > 0)) return 0;
  return Math.round((floatShares / sharesOutstanding) * 10_000) / 100;
}

/** The §7 shares answer of a company on `date` (YYYY-MM-DD). */
export function sharesFloat(
  company: {
    readonly symbol: string;
    readonly profile: { readonly floatShares: number | null; readonly sharesOutstanding: number };
  },
  date: string,
  source: string,
): SharesFloat {
  const { floatShares, sharesOutstanding } = company.profile;
  return {
    symbol: company.symbol,
    date,
    freeFloat: floatShares === null ? null : freeFloatPercent(floatShares, sharesOutstanding),
    floatShares,
    outstandingShares: sharesOutstanding,
    source,
  };
}
