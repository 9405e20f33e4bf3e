import {
  SHARIAH_STANDARD_NAMES,
  SHARIAH_STANDARDS,
  VERDICT_TEXT,
  type ShariahStandard,
  type ShariahVerdict,
} from './market/shariah';
import type { SymbolShariahVerdicts } from './market/shariah-verdicts';

/**
 * "Verdict changed" alerts: a symbol a user holds in a portfolio or keeps in a watchlist changes
 * its Shariah verdict under the user's standard. The verdict is the one a list row shows
 * (core/market/shariah-verdicts.ts: the computed screen, a reviewer's override beside it, never
 * folded in), so the notice and the user's lists always agree. "No verdict" is a state of its own:
 * a stock losing its screen (its data removed, the stock hidden) is a change its holders hear of.
 */

/** A symbol's state under one standard: a verdict, or none. */
export type VerdictState = ShariahVerdict | 'none';

/** A symbol's state under every standard, as the evaluator remembers it. */
export type VerdictStates = Readonly<Record<ShariahStandard, VerdictState>>;

/** One change of a symbol's state under one standard. */
export interface VerdictChange {
  readonly standard: ShariahStandard;
  readonly from: VerdictState;
  readonly to: VerdictState;
}

/** The states a verdicts row gives, per standard (no screen at all: none under every one). */
export function verdictStatesOf(row: SymbolShariahVerdicts): VerdictStates {
  return Object.fromEntries(
    SHARIAH_STANDARDS.map((standard) => [standard, row.shariah?.[standard] ?? 'none']),
  ) as Record<ShariahStandard, VerdictState>;
}

/**
 * The changes from what was seen to what is. Nothing seen yet is a baseline, not a change: the
 * first evaluation of a symbol (the first ingest after this ships, a stock just added) records
 * its states and tells nobody, rather than telling every holder "no verdict → Compliant".
 */
export function verdictChanges(
  seen: VerdictStates | undefined,
  now: VerdictStates,
): VerdictChange[] {
  if (!seen) return [];
  return SHARIAH_STANDARDS.flatMap((standard) =>
    seen[standard] === now[standard] ? [] : [{ standard, from: seen[standard], to: now[standard] }],
  );
}

/** A state as the notice words it. */
export const verdictStateText = (state: VerdictState): string =>
  state === 'none' ? 'No verdict' : VERDICT_TEXT[state];

/** The notice of a change (in-app and by e-mail): the stock, the standard, old and new verdict. */
export function verdictNoticeOf(
  symbol: string,
  change: VerdictChange,
): { readonly title: string; readonly body: string } {
  const standard = SHARIAH_STANDARD_NAMES[change.standard];
  const from = verdictStateText(change.from);
  const to = verdictStateText(change.to);
  return {
    title: `Shariah verdict changed: ${symbol} is now ${to} under ${standard}`,
    body: `${symbol}, which you hold or watch, changed from ${from} to ${to} under ${standard}, your Shariah standard. Its stock page shows the screen and its inputs.`,
  };
}

/** Whether a user hears of verdict changes: on unless they turned it off (a profile setting). */
export const verdictAlertsOn = (
  record: { readonly verdictAlerts?: boolean } | undefined,
): boolean => record?.verdictAlerts !== false;

/** What the profile says of the setting. */
export const VERDICT_ALERTS_TEXT =
  'Tell me in the app and by e-mail when a stock I hold or watch changes its Shariah verdict under my standard.';
