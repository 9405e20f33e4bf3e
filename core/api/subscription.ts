import * as z from 'zod';
import { CHECKOUT_SESSION_ID, ENTITLEMENTS, PAID_PLANS } from '../subscription';
import { emailSchema } from '../validation';
import { WATCHLIST_NAME_MAX } from '../watchlists';
import { alertParams, createAlertBody, notificationParams, updateAlertBody } from './alerts';
import { SAVED_SCREEN_ID, SAVED_SCREEN_NAME_MAX } from '../saved-screens';
import { screenQuery } from '../market/stock-screen';
import { symbolSchema } from './asset';
import { EXPORT_KINDS, UPLOAD_ID } from '../user-files';
import { withSchemas } from './contract';
import {
  createPortfolioBody,
  deleteTransactionQuery,
  portfolioParams,
  portfolioSummaryQuery,
  transactionParams,
  updatePortfolioBody,
  writeTransactionBody,
} from './portfolios';
import { importPortfolioBody, previewPortfolioImportBody } from './portfolio-import';
import { SUBSCRIPTION_ROUTES } from './subscription-routes';

/** SPEC §7: the body names the caller's own e-mail (the record is found by the token's sub). */
export const ownEmailBody = z.object({ email: emailSchema });
const planSchema = z.enum(PAID_PLANS, `plan must be one of ${PAID_PLANS.join(', ')}`);
export const planBody = z.object({ plan: planSchema });
/** The plan a switch would go to (GET /plan/preview). */
export const planQuery = z.object({ plan: planSchema });
/**
 * A switch of plan, prorated at the instant its preview named (epoch seconds), so it charges what
 * the preview showed; without one, at the provider's now.
 */
export const changePlanBody = z.object({
  plan: planSchema,
  prorationDate: z
    .number('prorationDate must be a number')
    .int('prorationDate must be whole seconds')
    .positive('prorationDate must be positive')
    .optional(),
});
export const confirmCheckoutBody = z.object({
  sessionId: z.string().regex(CHECKOUT_SESSION_ID, 'sessionId is not a checkout session id'),
});

const watchlistName = z
  .string('name must be text')
  .trim()
  .min(1, 'name must not be empty')
  .max(WATCHLIST_NAME_MAX, `name must be at most ${WATCHLIST_NAME_MAX} characters`);
/** The hard cap of any plan; the user's own plan may allow fewer (a 403 says so). */
const watchlistSymbols = z
  .array(symbolSchema, 'symbols must be a list of symbols')
  .max(ENTITLEMENTS.premium.symbolsPerWatchlist, 'symbols: too many for any plan')
  .refine((symbols) => new Set(symbols).size === symbols.length, 'symbols must not repeat');
export const createWatchlistBody = z.strictObject({
  name: watchlistName,
  symbols: watchlistSymbols.default([]),
});
export const updateWatchlistBody = z.strictObject({
  name: watchlistName,
  symbols: watchlistSymbols,
  version: z.number('version must be a number').int().positive('version must be positive'),
});
export const reorderWatchlistsBody = z.strictObject({
  order: z
    .array(
      z.strictObject({
        id: z.string().regex(/^wl_[A-Za-z0-9]{8,40}$/, 'order: an id is not a watchlist id'),
        version: z.number('version must be a number').int().positive('version must be positive'),
      }),
      'order must be a list of { id, version }',
    )
    .max(ENTITLEMENTS.premium.watchlists * 2, 'order: too many watchlists'),
});
export const watchlistParams = z.object({
  id: z.string().regex(/^wl_[A-Za-z0-9]{8,40}$/, 'id is not a watchlist id'),
});

/** Import an uploaded CSV into a new list (by name) or an existing one (at the version shown). */
export const importWatchlistBody = z.strictObject({
  uploadId: z.string('uploadId must be text').regex(UPLOAD_ID, 'uploadId is not an upload id'),
  target: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('new'), name: watchlistName }),
      z.strictObject({
        kind: z.literal('existing'),
        id: watchlistParams.shape.id,
        version: z.number('version must be a number').int().positive('version must be positive'),
      }),
    ],
    'target must be { kind: "new", name } or { kind: "existing", id, version }',
  ),
});
export const exportBody = z.strictObject({
  kind: z.enum(EXPORT_KINDS, `kind must be one of ${EXPORT_KINDS.join(', ')}`),
});

/**
 * A screen is saved as the screener's query parameters, checked with the screener's own schema
 * (a screen that could not be run is refused now, not when it is loaded), paging left out.
 */
export const saveScreenBody = z.strictObject({
  name: z
    .string('name must be text')
    .trim()
    .min(1, 'name must not be empty')
    .max(SAVED_SCREEN_NAME_MAX, `name must be at most ${SAVED_SCREEN_NAME_MAX} characters`),
  params: z
    .record(
      z.string(),
      z.string().max(100, 'params: a value is too long'),
      'params must be an object',
    )
    .superRefine((params, ctx) => {
      if ('offset' in params) {
        ctx.addIssue({ code: 'custom', path: ['offset'], message: 'params.offset is not saved' });
      }
      for (const issue of screenQuery.safeParse(params).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: `params: ${issue.message}` });
      }
    }),
});
export const savedScreenParams = z.object({
  id: z.string().regex(SAVED_SCREEN_ID, 'id is not a saved screen id'),
});

/** The subscription API's contract: its routes with the body each validates. */
export const SUBSCRIPTION_API = withSchemas(SUBSCRIPTION_ROUTES, {
  user: { body: ownEmailBody },
  permissions: { body: ownEmailBody },
  checkout: { body: planBody },
  confirmCheckout: { body: confirmCheckoutBody },
  previewPlan: { query: planQuery },
  changePlan: { body: changePlanBody },
  createWatchlist: { body: createWatchlistBody },
  reorderWatchlists: { body: reorderWatchlistsBody },
  updateWatchlist: { params: watchlistParams, body: updateWatchlistBody },
  deleteWatchlist: { params: watchlistParams },
  importWatchlist: { body: importWatchlistBody },
  exportCsv: { body: exportBody },
  createAlert: { body: createAlertBody },
  updateAlert: { params: alertParams, body: updateAlertBody },
  deleteAlert: { params: alertParams },
  readNotification: { params: notificationParams },
  saveScreen: { body: saveScreenBody },
  deleteScreen: { params: savedScreenParams },
  createPortfolio: { body: createPortfolioBody },
  updatePortfolio: { params: portfolioParams, body: updatePortfolioBody },
  deletePortfolio: { params: portfolioParams },
  portfolioTransactions: { params: portfolioParams },
  addTransaction: { params: portfolioParams, body: writeTransactionBody },
  updateTransaction: { params: transactionParams, body: writeTransactionBody },
  deleteTransaction: { params: transactionParams, query: deleteTransactionQuery },
  portfolioSummary: { params: portfolioParams, query: portfolioSummaryQuery },
  exportPortfolio: { params: portfolioParams },
  previewPortfolioImport: { params: portfolioParams, body: previewPortfolioImportBody },
  importPortfolio: { params: portfolioParams, body: importPortfolioBody },
});
