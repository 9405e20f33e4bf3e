import * as z from 'zod';
import { symbolSchema } from '../api/asset';
import { isinSchema } from '../isin';
import { EXCHANGES, findExchange } from '../market/exchanges';
import type { CompanyProfile } from '../market/types';
import { versionSchema, type CuratedItemVersion } from './history';
import { jsonArgument } from './json-argument';
import { plainText } from './plain-text';

/**
 * A listed company as the console curates it: who it is (symbol, ISIN, exchange, currency) and its
 * profile facts (name, sector, industry, country, shares outstanding). Symbol and ISIN identify a
 * stock: they are fixed once it exists (to change them, add the stock anew and delete the old one).
 */
const EXCHANGE_NAMES = EXCHANGES.map((exchange) => exchange.shortName);
const plain = (field: string, max: number) => plainText(field, { max });

/** The profile facts an admin edits (the identity stays). */
export const stockProfileSchema = z.strictObject({
  companyName: plain('companyName', 200),
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be a 3-letter ISO 4217 code'),
  sector: plain('sector', 100),
  industry: plain('industry', 100),
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be a 2-letter ISO 3166 code'),
  sharesOutstanding: z
    .int('sharesOutstanding must be a whole number')
    .positive('sharesOutstanding must be positive')
    .max(1e13, 'sharesOutstanding is out of range'),
});

/** A new stock: its identity and its profile facts. */
export const stockInputSchema = stockProfileSchema.extend({
  symbol: symbolSchema,
  isin: isinSchema,
  exchangeShortName: z.enum(
    EXCHANGE_NAMES as [string, ...string[]],
    `exchangeShortName must be one of ${EXCHANGE_NAMES.join(', ')}`,
  ),
});

export type StockProfileInput = z.infer<typeof stockProfileSchema>;
export type StockInput = z.infer<typeof stockInputSchema>;

export const STOCK_SORTS = ['symbol', 'name', 'exchange', 'isin'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
export const STOCK_PAGE_SIZES = { min: 10, max: 100, default: 25 } as const;

export { STOCK_CONFLICT_MESSAGE } from './conflict-messages';

/** The console's row of a stock: what the list shows and the detail screen edits. */
export interface CuratedStock {
  readonly isin: string;
  readonly symbol: string;
  readonly companyName: string;
  readonly exchangeShortName: string;
  readonly currency: string;
  readonly sector: string;
  readonly industry: string;
  readonly country: string;
  readonly sharesOutstanding: number;
  /** Hidden stocks stay reachable by their page; they leave the public list and search. */
  readonly hidden: boolean;
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
}

/**
 * One audit entry of a stock: who changed it when, from what (null: it was added) to what. Each
 * add, edit, hide or unhide, and restore writes one.
 */
export type StockVersion = CuratedItemVersion<CuratedStock>;

export { STOCK_PROFILE_FIELDS } from './stock-profile-fields';

/** A stock's profile facts, as the edit form starts from them and a restore brings them back. */
export function stockProfileOf(stock: CuratedStock): StockProfileInput {
  return {
    companyName: stock.companyName,
    currency: stock.currency,
    sector: stock.sector,
    industry: stock.industry,
    country: stock.country,
    sharesOutstanding: stock.sharesOutstanding,
  };
}

export interface StockPage {
  readonly items: readonly CuratedStock[];
  /** Every stock the query and filter match, not only this page's. */
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/**
 * The stored FMP-shaped profile of a new stock, from what the admin entered. What the form does
 * not ask (head count, IPO date, CEO, address, beta,
 * float, last dividend…) is stored as not known, for the page to show as
 * missing: never a 0 or a day nobody entered.
 */
export function newStockProfile(input: StockInput): CompanyProfile {
  const exchange = findExchange(input.exchangeShortName);
  return {
    symbol: input.symbol,
    companyName: input.companyName,
    isin: input.isin,
    exchange: exchange?.name ?? input.exchangeShortName,
    exchangeShortName: input.exchangeShortName,
    currency: input.currency,
    country: input.country,
    sector: input.sector,
    industry: input.industry,
    description: '',
    ceo: '',
    website: '',
    fullTimeEmployees: null,
    ipoDate: null,
    address: '',
    city: '',
    phone: '',
    beta: null,
    sharesOutstanding: input.sharesOutstanding,
    floatShares: null,
    lastDiv: null,
    isEtf: false,
    isActivelyTrading: true,
  };
}

/** Matches a stock against the console's search text (symbol, name or ISIN, any case). */
export function matchesStockQuery(
  stock: Pick<CuratedStock, 'symbol' | 'companyName' | 'isin'>,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return (
    stock.symbol.toLowerCase().includes(q) ||
    stock.companyName.toLowerCase().includes(q) ||
    stock.isin.toLowerCase().includes(q)
  );
}

const sortValue: Record<StockSort, (s: CuratedStock) => string> = {
  symbol: (s) => s.symbol,
  name: (s) => s.companyName.toLowerCase(),
  exchange: (s) => s.exchangeShortName,
  isin: (s) => s.isin,
};

/** One page of the matching stocks in the chosen order, with the true count. */
export function pageOfStocks(
  stocks: readonly CuratedStock[],
  options: {
    readonly query: string;
    readonly exchange?: string | undefined;
    readonly sort: StockSort;
    readonly direction: 'asc' | 'desc';
    readonly page: number;
    readonly pageSize: number;
  },
): StockPage {
  const key = sortValue[options.sort];
  const matching = stocks
    .filter(
      (s) =>
        matchesStockQuery(s, options.query) &&
        (!options.exchange || s.exchangeShortName === options.exchange),
    )
    .sort((a, b) => {
      const order = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.isin < b.isin ? -1 : 1;
      return options.direction === 'asc' ? order : -order;
    });
  const start = (options.page - 1) * options.pageSize;
  return {
    items: matching.slice(start, start + options.pageSize),
    total: matching.length,
    page: options.page,
    pageSize: options.pageSize,
  };
}

/** The GraphQL fields' arguments (core/api/graphql.ts). */
export const STOCK_ARGS = {
  curationStocks: z.object({
    query: z.string().max(50, 'query takes at most 50 characters').default(''),
    exchange: z
      .enum(EXCHANGE_NAMES as [string, ...string[]], 'exchange is not one of the product’s')
      .nullish(),
    sort: z.enum(STOCK_SORTS, `sort must be one of ${STOCK_SORTS.join(', ')}`).default('symbol'),
    direction: z.enum(['asc', 'desc'], 'direction must be asc or desc').default('asc'),
    page: z.int('page must be a whole number').min(1, 'page starts at 1').max(100_000).default(1),
    pageSize: z
      .int('pageSize must be a whole number')
      .min(STOCK_PAGE_SIZES.min, `pageSize is at least ${STOCK_PAGE_SIZES.min}`)
      .max(STOCK_PAGE_SIZES.max, `pageSize is at most ${STOCK_PAGE_SIZES.max}`)
      .default(STOCK_PAGE_SIZES.default),
  }),
  curationStock: z.object({ isin: isinSchema }),
  createStock: z.object({ stock: jsonArgument(stockInputSchema) }),
  updateStock: z.object({
    isin: isinSchema,
    profile: jsonArgument(stockProfileSchema),
    version: versionSchema,
  }),
  setStockHidden: z.object({
    isin: isinSchema,
    hidden: z.boolean('hidden must be true or false'),
    version: versionSchema,
  }),
  deleteStock: z.object({
    isin: isinSchema,
    confirm: z.string('confirm must be text').max(20),
    version: versionSchema,
  }),
  stockHistory: z.object({ isin: isinSchema }),
  /** `version`: the kept version whose profile facts return; `expectedVersion`: the current one. */
  restoreStock: z.object({
    isin: isinSchema,
    version: versionSchema.min(1, 'versions start at 1'),
    expectedVersion: versionSchema,
  }),
} as const satisfies Record<string, z.ZodObject>;
