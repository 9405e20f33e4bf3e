import type {
  CheckoutConfirmation,
  InvoiceSummary,
  PlanOffer,
  SubscriptionState,
} from '../subscription';
import type { PlanChangePreview } from '../plan-change';
import type { PermissionLookupAnswer, UserRecord } from '../user-record';
import type { SavedScreen, SavedScreensAnswer } from '../saved-screens';
import type { WatchlistView, WatchlistsAnswer } from '../watchlists';
import type { Alert, AlertsAnswer, NotificationsAnswer } from '../alerts';
import type { DownloadLink, UploadTicket } from '../user-files';
import type { WatchlistImportAnswer } from '../watchlist-import';
import type {
  PortfolioSummaryAnswer,
  PortfolioTransactions,
  PortfolioView,
  PortfoliosAnswer,
  TransactionWritten,
} from '../portfolios';
import type { PortfolioImportAnswer, PortfolioImportPreview } from '../portfolio/import-plan';
import { answers, defineRoutes } from './contract';

const own = { auth: 'cognito', cache: 'no-store' } as const;

/**
 * The subscription API's routes (/api/subscription, SPEC §7): the caller's own user details and
 * subscription, the §7 permission lookup, and the subscription business (plans, checkout and its
 * confirmation, cancel and resume, plan switch, billing portal, invoices) and the user's workspace
 * (watchlists, portfolios, alerts, saved screens). Cognito ID token required; never another
 * user's. The bodies' schemas are in subscription.ts.
 */
export const SUBSCRIPTION_ROUTES = defineRoutes({
  name: 'subscription',
  prefix: '/api/subscription',
  endpoints: {
    user: { ...own, method: 'POST', path: '/user', answer: answers<UserRecord>() },
    permissions: {
      ...own,
      method: 'POST',
      path: '/permissions',
      answer: answers<PermissionLookupAnswer>(),
    },
    plans: { ...own, method: 'GET', path: '/plans', answer: answers<readonly PlanOffer[]>() },
    checkout: {
      ...own,
      method: 'POST',
      path: '/checkout',
      answer: answers<{ readonly url: string }>(),
    },
    confirmCheckout: {
      ...own,
      method: 'POST',
      path: '/checkout/confirm',
      answer: answers<CheckoutConfirmation>(),
    },
    cancel: { ...own, method: 'POST', path: '/cancel', answer: answers<SubscriptionState>() },
    resume: { ...own, method: 'POST', path: '/resume', answer: answers<SubscriptionState>() },
    previewPlan: {
      ...own,
      method: 'GET',
      path: '/plan/preview',
      answer: answers<PlanChangePreview>(),
    },
    changePlan: { ...own, method: 'POST', path: '/plan', answer: answers<SubscriptionState>() },
    portal: {
      ...own,
      method: 'POST',
      path: '/portal',
      answer: answers<{ readonly url: string }>(),
    },
    invoices: {
      ...own,
      method: 'GET',
      path: '/invoices',
      answer: answers<readonly InvoiceSummary[]>(),
    },
    // The user's watchlists, within what their plan allows (core/subscription.ts).
    watchlists: {
      ...own,
      method: 'GET',
      path: '/watchlists',
      answer: answers<WatchlistsAnswer>(),
    },
    createWatchlist: {
      ...own,
      method: 'POST',
      path: '/watchlists',
      answer: answers<WatchlistView>(),
    },
    // The lists' order (symbols within a list are ordered by updateWatchlist).
    reorderWatchlists: {
      ...own,
      method: 'PUT',
      path: '/watchlists/order',
      answer: answers<WatchlistsAnswer>(),
    },
    updateWatchlist: {
      ...own,
      method: 'PUT',
      path: '/watchlists/{id}',
      answer: answers<WatchlistView>(),
    },
    deleteWatchlist: {
      ...own,
      method: 'DELETE',
      path: '/watchlists/{id}',
      answer: answers<{ readonly deleted: string }>(),
    },
    // A CSV import: a presigned upload to the user's own folder, then its rows into a list.
    createUpload: {
      ...own,
      method: 'POST',
      path: '/uploads',
      answer: answers<UploadTicket>(),
    },
    importWatchlist: {
      ...own,
      method: 'POST',
      path: '/watchlists/import',
      answer: answers<WatchlistImportAnswer>(),
    },
    // The user's watchlists or alerts as CSV (Premium), offered by a short-lived link.
    exportCsv: { ...own, method: 'POST', path: '/exports', answer: answers<DownloadLink>() },
    // The user's price alerts and their notifications (core/alerts.ts).
    alerts: { ...own, method: 'GET', path: '/alerts', answer: answers<AlertsAnswer>() },
    createAlert: { ...own, method: 'POST', path: '/alerts', answer: answers<Alert>() },
    updateAlert: { ...own, method: 'PUT', path: '/alerts/{id}', answer: answers<Alert>() },
    deleteAlert: {
      ...own,
      method: 'DELETE',
      path: '/alerts/{id}',
      answer: answers<{ readonly deleted: string }>(),
    },
    notifications: {
      ...own,
      method: 'GET',
      path: '/notifications',
      answer: answers<NotificationsAnswer>(),
    },
    readNotification: {
      ...own,
      method: 'POST',
      path: '/notifications/{id}/read',
      answer: answers<NotificationsAnswer>(),
    },
    readAllNotifications: {
      ...own,
      method: 'POST',
      path: '/notifications/read',
      answer: answers<NotificationsAnswer>(),
    },
    // The user's saved screener screens, as many as their plan allows (core/subscription.ts).
    savedScreens: {
      ...own,
      method: 'GET',
      path: '/screens',
      answer: answers<SavedScreensAnswer>(),
    },
    saveScreen: { ...own, method: 'POST', path: '/screens', answer: answers<SavedScreen>() },
    deleteScreen: {
      ...own,
      method: 'DELETE',
      path: '/screens/{id}',
      answer: answers<{ readonly deleted: string }>(),
    },
    // The user's portfolios and their transactions (core/portfolios.ts), within their plan.
    portfolios: {
      ...own,
      method: 'GET',
      path: '/portfolios',
      answer: answers<PortfoliosAnswer>(),
    },
    createPortfolio: {
      ...own,
      method: 'POST',
      path: '/portfolios',
      answer: answers<PortfolioView>(),
    },
    updatePortfolio: {
      ...own,
      method: 'PUT',
      path: '/portfolios/{id}',
      answer: answers<PortfolioView>(),
    },
    deletePortfolio: {
      ...own,
      method: 'DELETE',
      path: '/portfolios/{id}',
      answer: answers<{ readonly deleted: string }>(),
    },
    portfolioTransactions: {
      ...own,
      method: 'GET',
      path: '/portfolios/{id}/transactions',
      answer: answers<PortfolioTransactions>(),
    },
    addTransaction: {
      ...own,
      method: 'POST',
      path: '/portfolios/{id}/transactions',
      answer: answers<TransactionWritten>(),
    },
    updateTransaction: {
      ...own,
      method: 'PUT',
      path: '/portfolios/{id}/transactions/{txId}',
      answer: answers<TransactionWritten>(),
    },
    deleteTransaction: {
      ...own,
      method: 'DELETE',
      path: '/portfolios/{id}/transactions/{txId}',
      answer: answers<{ readonly portfolio: PortfolioView; readonly deleted: string }>(),
    },
    // Its value, gains, returns, allocation, compliance, purification and zakat (core/portfolio).
    portfolioSummary: {
      ...own,
      method: 'GET',
      path: '/portfolios/{id}/summary',
      answer: answers<PortfolioSummaryAnswer>(),
    },
    // A portfolio's transactions as CSV (Premium, like every export), offered by a short link.
    exportPortfolio: {
      ...own,
      method: 'POST',
      path: '/portfolios/{id}/export',
      answer: answers<DownloadLink>(),
    },
    // A broker's CSV into a portfolio: its own upload form (larger files than a watchlist's),
    // a preview with the column mapping (nothing saved), then the import.
    createPortfolioUpload: {
      ...own,
      method: 'POST',
      path: '/portfolio-uploads',
      answer: answers<UploadTicket>(),
    },
    previewPortfolioImport: {
      ...own,
      method: 'POST',
      path: '/portfolios/{id}/import/preview',
      answer: answers<PortfolioImportPreview>(),
    },
    importPortfolio: {
      ...own,
      method: 'POST',
      path: '/portfolios/{id}/import',
      answer: answers<PortfolioImportAnswer>(),
    },
  },
});
