import * as z from 'zod';

/**
 * Schemas of FMP's stable company and analyst endpoints (/stable/…?symbol=). As for statements,
 * unknown fields are dropped and the fields we read are type-checked; FMP sends null for what it
 * does not know (an ETF's sector, a missing CEO), which the adapter maps to '' or 0.
 */

const finite = z.number().finite();
const text = z.string().nullable();
const nullableNumber = finite.nullable();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}/);

/** /stable/profile?symbol= */
export const profilesSchema = z.array(
  z.object({
    symbol: z.string().min(1),
    companyName: z.string().min(1),
    isin: text,
    // The stable API names the listing's code `exchange` ('NASDAQ') and its full name
    // `exchangeFullName` ('NASDAQ Global Select'); the legacy one called them exchangeShortName
    // and exchange.
    exchange: z.string().min(1),
    exchangeFullName: text,
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
    lastDividend: nullableNumber,
    // The stable quote has no average volume: the profile's is the stock page's figure.
    averageVolume: nullableNumber,
    // FMP's market capitalisation is price × its share count: the share count of last resort.
    price: nullableNumber,
    marketCap: nullableNumber,
    isEtf: z.boolean(),
    isActivelyTrading: z.boolean(),
  }),
);
export type FmpProfile = z.infer<typeof profilesSchema>[number];

/** /stable/shares-float?symbol= */
export const sharesFloatSchema = z.array(
  z.object({
    symbol: z.string(),
    floatShares: nullableNumber,
    outstandingShares: nullableNumber,
  }),
);

const count = z
  .number()
  .int()
  .nonnegative()
  .nullable()
  .transform((value) => value ?? 0);

/**
 * /stable/grades-consensus?symbol=: today's count of analysts per rating (the legacy monthly
 * analyst-stock-recommendations snapshots have no stable counterpart with strong-buy counts; the
 * stable grades-historical lacks them).
 */
export const ratingsSchema = z.array(
  z.object({
    symbol: z.string(),
    strongBuy: count,
    buy: count,
    hold: count,
    sell: count,
    strongSell: count,
  }),
);

/** /stable/price-target-consensus?symbol= */
export const priceTargetsSchema = z.array(
  z.object({
    targetHigh: nullableNumber,
    targetLow: nullableNumber,
    targetConsensus: nullableNumber,
    targetMedian: nullableNumber,
  }),
);

/**
 * /stable/grades?symbol=: each firm's rating actions, by day. Unlike the legacy upgrades and
 * downgrades it carries neither the day's close nor a target; both come from the price-target news.
 */
export const gradesSchema = z.array(
  z.object({
    date: day,
    gradingCompany: z.string(),
    previousGrade: text,
    newGrade: z.string(),
    action: z.string(),
  }),
);
export type FmpGrade = z.infer<typeof gradesSchema>[number];

/** /stable/price-target-news?symbol= : one row per target a firm published. */
export const firmTargetsSchema = z.array(
  z.object({
    publishedDate: day,
    analystCompany: text,
    // As published, not split-adjusted: the close beside it (priceWhenPosted) is not either.
    priceTarget: nullableNumber,
    priceWhenPosted: nullableNumber.optional(),
  }),
);
export type FmpFirmTarget = z.infer<typeof firmTargetsSchema>[number];
