import { SUBSCRIPTION_API } from '../../core/api/subscription';
import { Forbidden, NotFound } from '../../core/domain-errors';
import type { SessionRevocations } from '../ports/session-revocations';
import type { UsersRepository } from '../ports/users-repository';
import { callerPermissions } from '../shared/caller-permissions';
import type { Caller } from '../shared/claims';
import { createContractHandler } from '../shared/contract-handler';
import type { ApiHandler } from '../shared/dispatch';
import type { BillingService } from './billing-service';
import type { SavedScreenService } from './saved-screen-service';
import type { WatchlistService } from './watchlist-service';
import type { AlertService } from './alert-service';
import type { UserFileService } from './user-file-service';
import type { PortfolioService } from './portfolio-service';
import type { PortfolioExport } from './portfolio-export';
import type { PortfolioImport } from './portfolio-import';
import type { PortfolioSummaryService } from './portfolio-summary-service';

export interface SubscriptionDeps {
  readonly users: UsersRepository;
  readonly revocations: SessionRevocations;
  readonly billing: BillingService;
  readonly watchlists: WatchlistService;
  readonly alerts: AlertService;
  readonly savedScreens: SavedScreenService;
  readonly files: UserFileService;
  readonly portfolios: PortfolioService;
  readonly portfolioSummary: PortfolioSummaryService;
  readonly portfolioExport: PortfolioExport;
  readonly portfolioImport: PortfolioImport;
}

/**
 * §7 sends the e-mail in the body: it must be the caller's own. The record itself is found by the
 * token's sub, never by an e-mail.
 */
function assertOwnEmail(caller: Caller, email: string, message: string): void {
  if (!caller.email || email.toLowerCase() !== caller.email) throw new Forbidden(message);
}

/**
 * POST /user: the caller's own user details and subscription; POST /permissions: the caller's own
 * editor permission set (SPEC §7); the subscription business through BillingService; the
 * watchlists through WatchlistService, the portfolios through PortfolioService. Never another user's: everything is keyed by the token's sub.
 */
export function createSubscriptionApi({
  users,
  revocations,
  billing,
  watchlists,
  alerts,
  savedScreens,
  files,
  portfolios,
  portfolioSummary,
  portfolioExport,
  portfolioImport,
}: SubscriptionDeps): ApiHandler {
  return createContractHandler(
    SUBSCRIPTION_API,
    {
      user: async ({ caller, body }) => {
        assertOwnEmail(caller, body.email, 'You can only read your own user details');
        // The record without the admins' bookkeeping of a set (version, audit trail).
        const record = await users.get(caller.sub);
        if (!record) throw new NotFound('User not found');
        return record;
      },
      permissions: async ({ caller, body }) => {
        assertOwnEmail(caller, body.email, 'You can only read your own permissions');
        const set = await callerPermissions(users, caller);
        return { permissionSet: set && { accessLevels: set } };
      },
      plans: () => billing.plans(),
      checkout: ({ caller, body }) => billing.startCheckout(caller, body.plan),
      confirmCheckout: ({ caller, body }) => billing.confirmCheckout(caller, body.sessionId),
      cancel: ({ caller }) => billing.setCancelAtPeriodEnd(caller, true),
      resume: ({ caller }) => billing.setCancelAtPeriodEnd(caller, false),
      previewPlan: ({ caller, query }) => billing.previewPlan(caller, query.plan),
      changePlan: ({ caller, body }) => billing.changePlan(caller, body.plan, body.prorationDate),
      portal: ({ caller }) => billing.portal(caller),
      invoices: ({ caller }) => billing.invoices(caller),
      watchlists: ({ caller }) => watchlists.list(caller.sub),
      createWatchlist: ({ caller, body }) => watchlists.create(caller.sub, body),
      reorderWatchlists: ({ caller, body }) => watchlists.reorder(caller.sub, body.order),
      updateWatchlist: ({ caller, params, body }) => watchlists.update(caller.sub, params.id, body),
      deleteWatchlist: ({ caller, params }) => watchlists.delete(caller.sub, params.id),
      createUpload: ({ caller }) => files.createUpload(caller.sub),
      importWatchlist: ({ caller, body }) =>
        files.importWatchlist(caller.sub, body.uploadId, body.target),
      exportCsv: ({ caller, body }) => files.exportCsv(caller.sub, body.kind),
      alerts: ({ caller }) => alerts.list(caller.sub),
      createAlert: ({ caller, body }) => alerts.create(caller.sub, body),
      updateAlert: ({ caller, params, body }) => alerts.update(caller.sub, params.id, body),
      deleteAlert: ({ caller, params }) => alerts.delete(caller.sub, params.id),
      notifications: ({ caller }) => alerts.notifications(caller.sub),
      readNotification: ({ caller, params }) => alerts.markRead(caller.sub, params.id),
      readAllNotifications: ({ caller }) => alerts.markAllRead(caller.sub),
      savedScreens: ({ caller }) => savedScreens.list(caller.sub),
      saveScreen: ({ caller, body }) => savedScreens.save(caller.sub, body),
      deleteScreen: ({ caller, params }) => savedScreens.delete(caller.sub, params.id),
      portfolios: ({ caller }) => portfolios.list(caller.sub),
      createPortfolio: ({ caller, body }) => portfolios.create(caller.sub, body),
      updatePortfolio: ({ caller, params, body }) => portfolios.update(caller.sub, params.id, body),
      deletePortfolio: ({ caller, params }) => portfolios.delete(caller.sub, params.id),
      portfolioTransactions: ({ caller, params }) => portfolios.transactions(caller.sub, params.id),
      addTransaction: ({ caller, params, body }) =>
        portfolios.addTransaction(caller.sub, params.id, body.version, body.transaction),
      updateTransaction: ({ caller, params, body }) =>
        portfolios.updateTransaction(
          caller.sub,
          params.id,
          params.txId,
          body.version,
          body.transaction,
        ),
      deleteTransaction: ({ caller, params, query }) =>
        portfolios.deleteTransaction(caller.sub, params.id, params.txId, query.version),
      portfolioSummary: ({ caller, params, query }) =>
        portfolioSummary.summary(caller.sub, params.id, query),
      exportPortfolio: ({ caller, params }) => portfolioExport.exportCsv(caller.sub, params.id),
      createPortfolioUpload: ({ caller }) => portfolioImport.createUpload(caller.sub),
      previewPortfolioImport: ({ caller, params, body }) =>
        portfolioImport.preview(caller.sub, params.id, body.uploadId, body.mapping),
      importPortfolio: ({ caller, params, body }) =>
        portfolioImport.import(caller.sub, params.id, body),
    },
    { revocations },
  );
}
