import { SHARIAH_STANDARD_NAMES, type ShariahStandard } from './market/shariah';
import type { UserRecord } from './user-record';

/**
 * The Shariah standard a user reads verdicts under (a profile setting): their watchlists', the
 * screener's and their portfolios' rows show the verdict of that one standard; a stock page still
 * shows all six. Without a choice, AAOIFI: the standard-setting body's own screen, first of the
 * six in the specification (docs/spec.md §1) and on every stock page.
 */
export const DEFAULT_SHARIAH_STANDARD: ShariahStandard = 'aaoifi';

/** The account API's answer to a change of the setting (PUT /api/account/preferences). */
export interface AccountPreferences {
  readonly shariahStandard: ShariahStandard;
  /** "Verdict changed" alerts (core/verdict-alerts.ts): on unless turned off. */
  readonly verdictAlerts: boolean;
}

/** The standard of a user's record, or the default (no record: a visitor, or not loaded yet). */
export const preferredShariahStandard = (
  record: Pick<UserRecord, 'shariahStandard'> | null | undefined,
): ShariahStandard => record?.shariahStandard ?? DEFAULT_SHARIAH_STANDARD;

/** What the setting changes, in the profile's words. */
export const SHARIAH_STANDARD_EFFECT_TEXT =
  'Your watchlists, the screener and your portfolios show each stock’s verdict under this standard. A stock page still shows all six side by side.';

/** Whose standard a list shows: the user's choice, the default for a user without one, a visitor's. */
export type StandardSource = 'chosen' | 'default' | 'visitor';

/** The line above a list's verdict column: which standard, and where it comes from. */
export function verdictStandardText(standard: ShariahStandard, source: StandardSource): string {
  const name = SHARIAH_STANDARD_NAMES[standard];
  switch (source) {
    case 'chosen':
      return `Shariah verdicts under ${name}, your standard (change it on your profile).`;
    case 'default':
      return `Shariah verdicts under ${name}, the default standard (choose yours on your profile).`;
    case 'visitor':
      return `Shariah verdicts under ${name}, the default standard (signed in, you can choose yours).`;
  }
}
