import type { AssetService } from '../asset/service';
import type { AlertStore } from '../ports/alert-store';
import type { EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';
import type { PortfolioStore } from '../ports/portfolio-store';
import type { UsersRepository } from '../ports/users-repository';
import type { SeenVerdicts, VerdictChecks, VerdictHolders } from '../ports/verdict-watch';
import type { WatchlistStore } from '../ports/watchlist-store';
import { holdingCheck } from './holds-symbol';
import { runVerdictAlerts, type VerdictRunDeps, type VerdictRunResult } from './run-verdict-alerts';

/** What the verdict-change evaluator runs on. */
export interface VerdictEvaluatorPorts {
  /** The stocks table: the marks of symbols to evaluate and the last verdicts seen. */
  readonly checks: VerdictChecks;
  readonly seen: SeenVerdicts;
  /** The users table: the holders index, the stores it is checked against, records, notices. */
  readonly verdictHolders: VerdictHolders;
  readonly watchlists: Pick<WatchlistStore, 'list'>;
  readonly portfolios: Pick<PortfolioStore, 'list' | 'read'>;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly alerts: Pick<AlertStore, 'tell'>;
  readonly notices: NotificationLedger;
  /** The verdicts as the watchlist and screener rows show them. */
  readonly assets: Pick<AssetService, 'shariahVerdicts'>;
  readonly email: EmailSender;
  readonly now?: () => number;
  readonly warn?: VerdictRunDeps['warn'];
}

/** One run, with the verdicts priced as of `at` (epoch ms) when given, else the run's clock. */
export type VerdictEvaluator = (at?: number) => Promise<VerdictRunResult>;

/** The verdict-change evaluator, for AWS's scheduled alerts Lambda and the local stack. */
export function composeVerdictEvaluator(ports: VerdictEvaluatorPorts): VerdictEvaluator {
  const deps: VerdictRunDeps = {
    checks: ports.checks,
    seen: ports.seen,
    holders: ports.verdictHolders,
    holds: holdingCheck(ports.watchlists, ports.portfolios),
    verdicts: (symbols, now) => ports.assets.shariahVerdicts(symbols, now),
    users: ports.users,
    alerts: ports.alerts,
    email: ports.email,
    notices: ports.notices,
    ...(ports.now && { now: ports.now }),
    ...(ports.warn && { warn: ports.warn }),
  };
  return (at) => runVerdictAlerts(at === undefined ? deps : { ...deps, now: () => at });
}
