import { errorMessage } from '@core/auth-errors';
import { ConflictError } from '../../../lib/graphql-client';

/** What the last save, restore or reload did, as the live regions announce it. */
export interface WriteOutcome {
  readonly kind: 'done' | 'conflict' | 'failed';
  readonly text: string;
}

/** What a successful write adds: curation writes show on the public page at once. */
export const PUBLISHED = 'The public stock page shows it now.';

/**
 * A failed write: a stale version is a conflict (the screen offers a reload that keeps the draft),
 * anything else failed, with its message after `what` ('Not saved:').
 */
export const failureOutcome = (error: unknown, what: string): WriteOutcome =>
  error instanceof ConflictError
    ? { kind: 'conflict', text: error.message }
    : { kind: 'failed', text: `${what} ${errorMessage(error) || 'Unknown error.'}` };
