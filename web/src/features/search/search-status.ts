import { SEARCH_MAX_VISIBLE_ROWS } from '../../../../core/constants';
import {
  LOADING_STOCKS_TEXT,
  noMatchesText,
  resultsSummaryText,
  stocksAvailableText,
} from '../../../../core/search';

export const LIST_FAILED_TEXT = 'The stock list could not be loaded.';

export interface SearchStatusInput {
  readonly list: 'loading' | 'failed' | 'ready';
  /** Stocks in the list. */
  readonly size: number;
  /** The (debounced) typed text. */
  readonly term: string;
  /** Matches of the term. */
  readonly total: number;
}

/**
 * The dropdown's line above the results (SPEC §2 texts), also read out by the live region. With
 * 1 to 10 results there is no §2 text to show; screen readers still hear the count.
 */
export function searchStatus({ list, size, term, total }: SearchStatusInput): {
  readonly text: string;
  readonly visible: boolean;
} {
  const typed = term.trim();
  if (list === 'loading') return { text: LOADING_STOCKS_TEXT, visible: true };
  if (list === 'failed') return { text: LIST_FAILED_TEXT, visible: true };
  if (typed === '') return { text: stocksAvailableText(size), visible: true };
  if (total === 0) return { text: noMatchesText(typed), visible: true };
  const summary = resultsSummaryText(Math.min(total, SEARCH_MAX_VISIBLE_ROWS), total);
  return summary
    ? { text: summary, visible: true }
    : { text: `${total} ${total === 1 ? 'result' : 'results'}`, visible: false };
}
