import { useId, useState } from 'react';
import { EMAIL_FILTER_MAX_LENGTH } from '@core/admin-queries';
import { errorMessage } from '@core/auth-errors';
import { SEARCH_DEBOUNCE_MS } from '@core/constants';
import { useDebounced } from '../../../hooks/use-debounced';
import { useUserPages, type UserListing } from '../api/use-user-pages';
import { displayName, UsersTable, type RowAction } from './UsersTable';

export interface UserDirectoryProps {
  readonly listing: UserListing;
  readonly caption: string;
  /** How a row is counted: ['account', 'accounts'], ['editor', 'editors']. */
  readonly noun: readonly [one: string, many: string];
  readonly action?: RowAction;
}

const count = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;
const settlesAtOnce = (term: string) => term === '';

/**
 * A directory listing with its loading and error states, a filter by e-mail and "Load more".
 * Accounts are searched by the server (e-mails containing the typed text anywhere, once typing
 * pauses), so every page matches; the editor group's listing cannot be searched there, so its
 * filter works on the pages loaded so far (any part of the e-mail too).
 */
export function UserDirectory({ listing, caption, noun, action }: UserDirectoryProps) {
  const [filter, setFilter] = useState('');
  const term = filter.trim();
  const serverSide = listing === 'users';
  // The same pause as the search box (§9); clearing the box lists everyone at once.
  const prefix = useDebounced(serverSide ? term : '', SEARCH_DEBOUNCE_MS, undefined, settlesAtOnce);
  const { query, users } = useUserPages(listing, prefix);
  const filterId = useId();
  const [one, many] = noun;

  if (query.isPending) {
    return (
      <p role="status" className="muted">
        Loading {many}…
      </p>
    );
  }
  const failed = (
    <div role="alert" className="admin-error">
      <p>
        The {many} could not be loaded: {errorMessage(query.error) || 'unknown error'}.
      </p>
      <button type="button" className="button" onClick={() => void query.refetch()}>
        Try again
      </button>
    </div>
  );
  const nothingLoaded = query.isError && !query.data;
  // With a filter typed, the box stays so the filter can be changed.
  if (nothingLoaded && !prefix) return failed;

  const localTerm = serverSide ? '' : term.toLowerCase();
  const shown = localTerm
    ? users.filter((user) => displayName(user).toLowerCase().includes(localTerm))
    : users;
  const more = query.hasNextPage;
  const loaded = `${count(users.length, noun)} loaded${more ? ', more to load' : ''}.`;
  // What the rows on screen are: the settled prefix's (the next list may still be loading).
  const shownPrefix = serverSide && !query.isPlaceholderData ? prefix : '';
  const status = localTerm
    ? `Showing ${shown.length} of ${loaded}`
    : shownPrefix
      ? `E-mail containing “${shownPrefix}”: ${loaded}`
      : loaded;
  const empty = localTerm
    ? `No loaded ${one} matches “${term}”.`
    : shownPrefix
      ? more
        ? `No ${one}’s e-mail contains “${shownPrefix}” among those searched so far.`
        : `No ${one}’s e-mail contains “${shownPrefix}”.`
      : `No ${many}.`;
  return (
    <div aria-busy={query.isPlaceholderData}>
      <div className="admin-toolbar">
        <label htmlFor={filterId}>Filter by e-mail</label>
        <input
          id={filterId}
          type="search"
          className="admin-input"
          value={filter}
          maxLength={EMAIL_FILTER_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setFilter(event.target.value)}
        />
        <p className="muted" aria-live="polite">
          {status}
        </p>
      </div>
      {nothingLoaded && failed}
      {query.isRefetchError && (
        <p role="alert" className="admin-error">
          The list could not be refreshed: {errorMessage(query.error) || 'unknown error'}.
        </p>
      )}
      {nothingLoaded ? null : shown.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <UsersTable users={shown} caption={caption} action={action} />
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="admin-error">
          More {many} could not be loaded: {errorMessage(query.error) || 'unknown error'}.
        </p>
      )}
      {more && (
        <p>
          <button
            type="button"
            className="button"
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? `Loading more ${many}…` : `Load more ${many}`}
          </button>
        </p>
      )}
    </div>
  );
}
