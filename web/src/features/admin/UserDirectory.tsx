import { useId, useState } from 'react';
import { errorMessage } from '../../../../core/auth-errors';
import { useUserPages, type UserListing } from './use-user-pages';
import { displayName, UsersTable, type RowAction } from './UsersTable';

export interface UserDirectoryProps {
  readonly listing: UserListing;
  readonly caption: string;
  /** How a row is counted: ['account', 'accounts'], ['editor', 'editors']. */
  readonly noun: readonly [one: string, many: string];
  readonly action?: RowAction;
}

const count = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;

/**
 * A directory listing with its loading and error states, a filter by e-mail and "Load more".
 * The filter works on the pages loaded so far: the directory API cannot search by substring.
 */
export function UserDirectory({ listing, caption, noun, action }: UserDirectoryProps) {
  const { query, users } = useUserPages(listing);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const [, many] = noun;

  if (query.isPending) {
    return (
      <p role="status" className="muted">
        Loading {many}…
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="admin-error">
        <p>
          The {many} could not be loaded: {errorMessage(query.error) || 'unknown error'}.
        </p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const term = filter.trim().toLowerCase();
  const shown = term
    ? users.filter((user) => displayName(user).toLowerCase().includes(term))
    : users;
  const more = query.hasNextPage;
  const loaded = `${count(users.length, noun)} loaded${more ? ', more to load' : ''}.`;
  return (
    <div>
      <div className="admin-toolbar">
        <label htmlFor={filterId}>Filter by e-mail</label>
        <input
          id={filterId}
          type="search"
          className="admin-input"
          value={filter}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setFilter(event.target.value)}
        />
        <p className="muted" aria-live="polite">
          {term ? `Showing ${shown.length} of ${loaded}` : loaded}
        </p>
      </div>
      {query.isRefetchError && (
        <p role="alert" className="admin-error">
          The list could not be refreshed: {errorMessage(query.error) || 'unknown error'}.
        </p>
      )}
      {shown.length === 0 ? (
        <p className="muted">
          {term ? `No loaded ${noun[0]} matches “${filter.trim()}”.` : `No ${many}.`}
        </p>
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
