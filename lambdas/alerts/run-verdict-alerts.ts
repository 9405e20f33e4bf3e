import { createHash } from 'node:crypto';
import { notificationIdOf, type VerdictNotification } from '../../core/alerts';
import type { SymbolShariahVerdicts } from '../../core/market/shariah-verdicts';
import { preferredShariahStandard } from '../../core/shariah-preference';
import {
  verdictAlertsOn,
  verdictChanges,
  verdictNoticeOf,
  verdictStatesOf,
  type VerdictStates,
} from '../../core/verdict-alerts';
import type { AlertStore } from '../ports/alert-store';
import type { EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';
import type { UsersRepository } from '../ports/users-repository';
import type {
  NumberedChange,
  PendingCheck,
  SeenVerdict,
  SeenVerdicts,
  VerdictChecks,
  VerdictHolders,
} from '../ports/verdict-watch';
import { NotifyOnce } from '../shared/notify-once';
import type { HoldingCheck } from './holds-symbol';

export interface VerdictRunDeps {
  readonly checks: VerdictChecks;
  readonly seen: SeenVerdicts;
  readonly holders: VerdictHolders;
  /** Whether a user still holds or watches a symbol (the index is a superset). */
  readonly holds: HoldingCheck;
  /** The verdicts list rows show (AssetService.shariahVerdicts), for many symbols at once. */
  readonly verdicts: (symbols: readonly string[], now: Date) => Promise<SymbolShariahVerdicts[]>;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly alerts: Pick<AlertStore, 'tell'>;
  readonly email: EmailSender;
  readonly notices: NotificationLedger;
  readonly now?: () => number;
  readonly warn?: (message: string, detail: Record<string, unknown>) => void;
}

export interface VerdictRunResult {
  /** Symbols evaluated, changes found, notices listed in the app and e-mails sent. */
  readonly checked: number;
  readonly changes: number;
  readonly told: number;
  readonly emailed: number;
}

/** Symbols evaluated at once (one bulk read of their fundamentals and quotes). */
const BATCH = 100;
/**
 * Marks taken per run: an ingest marks every company, and a run must end within its minute; the
 * rest stay marked for the next runs.
 */
export const MAX_CHECKS_PER_RUN = 1_000;
/** Lost races against another run over one symbol's record before the next run takes it. */
const MAX_TRIES = 3;

interface Tally {
  changes: number;
  told: number;
  emailed: number;
}

/**
 * One run of the verdict-change evaluator (with the price alerts' run in AWS, and on the developer
 * route locally): takes the symbols the ingest and curation marked, computes their verdicts as
 * list rows show them, compares them with the last seen (the stocks table's record) and tells each
 * change to every holder whose standard it is under, in the app and by e-mail.
 *
 * Safe to retry and to overlap: the record is written conditionally on its version and keeps the
 * changes not yet told; a change is told under an id derived from it (the notice is listed once)
 * through the notification ledger's claim (e-mailed once); the mark is cleared only after every
 * change is told, so a run that dies leaves the rest to the next.
 */
export async function runVerdictAlerts(deps: VerdictRunDeps): Promise<VerdictRunResult> {
  const now = deps.now ?? Date.now;
  const checks: PendingCheck[] = [];
  for await (const page of deps.checks.pending()) {
    checks.push(...page.slice(0, MAX_CHECKS_PER_RUN - checks.length));
    if (checks.length >= MAX_CHECKS_PER_RUN) break;
  }
  const notify = new NotifyOnce({ ledger: deps.notices, email: deps.email, now });
  const tally: Tally = { changes: 0, told: 0, emailed: 0 };
  for (let i = 0; i < checks.length; i += BATCH) {
    const batch = checks.slice(i, i + BATCH);
    const at = now();
    const rows = await deps.verdicts(
      batch.map((c) => c.symbol),
      new Date(at),
    );
    for (const [index, check] of batch.entries()) {
      const row = rows[index];
      const states = verdictStatesOf(row ?? { symbol: check.symbol });
      const record = await recordChanges(deps, check.symbol, states, at, tally);
      if (record && record.untold.length > 0) {
        // An e-mail that failed leaves the changes and the mark for the next run to tell again.
        if (!(await tellChanges(deps, notify, record, tally))) continue;
        // Told: cleared unless another run moved the record on (it tells what it added).
        await deps.seen.write({ ...record, untold: [] }, record.version);
      }
      await deps.checks.done(check);
    }
  }
  return { checked: checks.length, ...tally };
}

/** The record after this run's look: stored with the new changes, or as another run stored it. */
async function recordChanges(
  deps: VerdictRunDeps,
  symbol: string,
  states: VerdictStates,
  at: number,
  tally: Tally,
): Promise<SeenVerdict | undefined> {
  for (let attempt = 1; attempt <= MAX_TRIES; attempt += 1) {
    const seen = await deps.seen.read(symbol);
    if (!seen) {
      const baseline = { symbol, states, changes: 0, untold: [], version: 1 };
      if (await deps.seen.write(baseline, 0)) return undefined;
      continue;
    }
    const found = verdictChanges(seen.states, states);
    if (found.length === 0) return seen;
    const iso = new Date(at).toISOString();
    const numbered = found.map((change, i) => ({
      ...change,
      number: seen.changes + i + 1,
      at: iso,
    }));
    const next: SeenVerdict = {
      symbol,
      states,
      changes: seen.changes + found.length,
      untold: [...seen.untold, ...numbered],
      version: seen.version + 1,
    };
    if (await deps.seen.write(next, seen.version)) {
      tally.changes += found.length;
      return next;
    }
  }
  // Other runs kept winning: they tell what they stored; the mark stays for the next run.
  return deps.seen.read(symbol);
}

/** A notice's id: its change's instant, then a digest of the change, so a retry makes the same. */
const noticeIdOf = (symbol: string, change: NumberedChange): string =>
  notificationIdOf(
    Date.parse(change.at),
    createHash('sha256')
      .update(`${symbol}#${change.standard}#${change.number}`)
      .digest('hex')
      .slice(0, 16),
  );

async function tellChanges(
  deps: VerdictRunDeps,
  notify: NotifyOnce,
  record: SeenVerdict,
  tally: Tally,
): Promise<boolean> {
  const { symbol } = record;
  let allSent = true;
  for await (const subs of deps.holders.holders(symbol)) {
    for (const sub of subs) {
      if (!(await deps.holds(sub, symbol))) {
        await deps.holders.remove(sub, symbol);
        continue;
      }
      const user = await deps.users.get(sub);
      if (!user || !verdictAlertsOn(user)) continue;
      const standard = preferredShariahStandard(user);
      for (const change of record.untold.filter((c) => c.standard === standard)) {
        const notice = verdictNoticeOf(symbol, change);
        const notification: VerdictNotification = {
          kind: 'verdict',
          id: noticeIdOf(symbol, change),
          symbol,
          standard,
          from: change.from,
          to: change.to,
          at: change.at,
          ...notice,
          read: false,
        };
        if (await deps.alerts.tell(sub, notification)) tally.told += 1;
        try {
          const sent = await notify.email({
            sub,
            cause: { kind: 'verdict-changed', symbol, standard, change: change.number },
            email: {
              to: user.email,
              subject: notice.title,
              text: `${notice.body}\n\nSeen at ${change.at}. Your notifications are on your StockScope dashboard; you can turn these alerts off on your profile.`,
            },
          });
          if (sent) tally.emailed += 1;
        } catch (error) {
          // Listed in the app already; the ledger freed the claim, so the next run sends it.
          deps.warn?.('verdict alert e-mail failed', { sub, symbol, error: String(error) });
          allSent = false;
        }
      }
    }
  }
  return allSent;
}
