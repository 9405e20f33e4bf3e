import * as z from 'zod';

/**
 * Schemas of FMP's company endpoints. As for statements, unknown fields are dropped and the
 * fields we read are type-checked; FMP sends null for what it does not know (an ETF's sector, a
 * missing CEO), which the adapter maps to '' or 0.
 */

const finite = z.number().finite();
const text = z.string().nullable();
const nullableNumber = finite.nullable();

/** /v3/profile/{symbol} */
export const profilesSchema = z.array(
  z.object({
    symbol: z.string().min(1),
    companyName: z.string().min(1),
    isin: text,
    exchange: text,
    exchangeShortName: z.string().min(1),
    currency: z.string().min(1),
    country: text,
    sector: text,
    industry: text,
    description: text,
    ceo: text,
    website: text,
    // A string in FMP's answers ("164000"); a number is accepted too.
    fullTimeEmployees: z.union([z.string(), finite]).nullable(),
    ipoDate: text,
    address: text,
    city: text,
    phone: text,
    beta: nullableNumber,
    lastDiv: nullableNumber,
    isEtf: z.boolean(),
    isActivelyTrading: z.boolean(),
  }),
);
export type FmpProfile = z.infer<typeof profilesSchema>[number];

/** /v4/shares_float?symbol= */
export const sharesFloatSchema = z.array(
  z.object({
    symbol: z.string(),
    floatShares: nullableNumber,
    outstandingShares: nullableNumber,
  }),
);

/** /v3/quote/{symbol}, only for the share count when /v4/shares_float has none. */
export const quoteSharesSchema = z.array(
  z.object({ symbol: z.string(), sharesOutstanding: nullableNumber.optional() }),
);

const count = z
  .number()
  .int()
  .nonnegative()
  .nullable()
  .transform((value) => value ?? 0);

/** /v3/analyst-stock-recommendations/{symbol}: monthly snapshots, newest first. */
export const recommendationsSchema = z.array(
  z.object({
    date: z.string(),
    analystRatingsStrongBuy: count,
    analystRatingsbuy: count, // FMP's spelling
    analystRatingsHold: count,
    analystRatingsSell: count,
    analystRatingsStrongSell: count,
  }),
);

/** /v4/price-target-consensus?symbol= */
export const priceTargetsSchema = z.array(
  z.object({
    targetHigh: nullableNumber,
    targetLow: nullableNumber,
    targetConsensus: nullableNumber,
    targetMedian: nullableNumber,
  }),
);

/** /v4/upgrades-downgrades?symbol= */
export const gradesSchema = z.array(
  z.object({
    publishedDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
    gradingCompany: z.string(),
    previousGrade: text,
    newGrade: z.string(),
    action: z.string(),
    // The close on the grade's day; FMP sends null or 0 where it has none (the grade's own price
    // target is not in this endpoint but in its price-target news, /v4/price-target).
    priceWhenPosted: nullableNumber.optional(),
  }),
);
export type FmpGrade = z.infer<typeof gradesSchema>[number];

/** /v4/price-target?symbol= : the price-target news, one row per target a firm published. */
export const firmTargetsSchema = z.array(
  z.object({
    publishedDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
    analystCompany: text,
    // As published: the grades' priceWhenPosted is not split-adjusted either.
    priceTarget: nullableNumber,
    priceWhenPosted: nullableNumber.optional(),
  }),
);
export type FmpFirmTarget = z.infer<typeof firmTargetsSchema>[number];
