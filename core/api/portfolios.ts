import * as z from 'zod';
import { currencySchema } from '../market/fx';
import { DEFAULT_INDEX_SYMBOL, MARKET_INDEXES } from '../market/indexes';
import { queryInt, queryNumber } from '../market/query-params';
import { TRANSACTION_TYPES, transactionSchema } from '../portfolio/transactions';
import { NISAB_METALS, ZAKAT_YEARS } from '../portfolio/zakat';
import {
  PORTFOLIO_ID,
  PORTFOLIO_NAME_MAX,
  PORTFOLIO_TRANSACTIONS_MAX,
  TRANSACTION_ID,
} from '../portfolios';
import { isoDateSchema } from '../validation';
import { symbolSchema } from './asset';

/** The subscription API's portfolio bodies, path parameters and queries (core/portfolios.ts). */

const name = z
  .string('name must be text')
  .trim()
  .min(1, 'name must not be empty')
  .max(PORTFOLIO_NAME_MAX, `name must be at most ${PORTFOLIO_NAME_MAX} characters`);

const INDEX_SYMBOLS = MARKET_INDEXES.map((index) => index.symbol);
const benchmark = z.enum(INDEX_SYMBOLS, `benchmark must be one of ${INDEX_SYMBOLS.join(', ')}`);

const version = z.number('version must be a number').int().positive('version must be positive');

export const createPortfolioBody = z.strictObject({
  name,
  currency: currencySchema,
  benchmark: benchmark.default(DEFAULT_INDEX_SYMBOL),
});

export const updatePortfolioBody = z.strictObject({
  name,
  currency: currencySchema,
  benchmark,
  version,
});

export const portfolioParams = z.object({
  id: z.string().regex(PORTFOLIO_ID, 'id is not a portfolio id'),
});

export const transactionParams = portfolioParams.extend({
  txId: z.string().regex(TRANSACTION_ID, 'txId is not a transaction id'),
});

const [buy, sell, dividend, split, fee, deposit, withdrawal] = transactionSchema.options;
const withoutId = { id: true } as const;

/** A transaction as a user enters it: the server gives it its id. */
export const transactionEntrySchema = z.discriminatedUnion(
  'type',
  [
    buy.omit(withoutId),
    sell.omit(withoutId),
    dividend.omit(withoutId),
    split.omit(withoutId),
    fee.omit(withoutId),
    deposit.omit(withoutId),
    withdrawal.omit(withoutId),
  ],
  { error: `type must be one of ${TRANSACTION_TYPES.join(', ')}` },
);

/** One transaction added or edited, at the portfolio's version the user saw. */
export const writeTransactionBody = z.strictObject({
  version,
  transaction: transactionEntrySchema,
});

/** A deletion names the version in its query (a DELETE carries no body). */
export const deleteTransactionQuery = z.strictObject({
  version: queryInt(1, Number.MAX_SAFE_INTEGER),
});

/**
 * The summary's query: the zakat estimate's inputs (core/portfolio/zakat.ts). Without
 * `pricePerGram` there is no estimate (the nisab needs the user's price); the day defaults to
 * today. `trading` lists the symbols held for trading, comma-separated: the others are held for
 * investment, AAOIFI's default case.
 */
export const portfolioSummaryQuery = z
  .strictObject({
    zakatDate: isoDateSchema.optional(),
    zakatYear: z
      .enum(ZAKAT_YEARS, `zakatYear must be ${ZAKAT_YEARS.join(' or ')}`)
      .default('lunar'),
    nisabMetal: z
      .enum(NISAB_METALS, `nisabMetal must be ${NISAB_METALS.join(' or ')}`)
      .default('gold'),
    pricePerGram: queryNumber
      .pipe(z.number().positive('pricePerGram must be greater than 0'))
      .optional(),
    otherWealth: queryNumber
      .pipe(z.number().nonnegative('otherWealth must not be negative'))
      .optional(),
    trading: z
      .string()
      .transform((text) => (text === '' ? [] : text.split(',')))
      .pipe(z.array(symbolSchema).max(PORTFOLIO_TRANSACTIONS_MAX))
      .optional(),
  })
  .refine((q) => q.pricePerGram !== undefined || q.zakatDate === undefined, {
    path: ['pricePerGram'],
    message: 'pricePerGram is needed for a zakat estimate',
  });
export type PortfolioSummaryQuery = z.output<typeof portfolioSummaryQuery>;
