import { useDeferredValue, type ReactNode } from 'react';
import { NOT_COVERED_REASON } from '@core/market/coverage';
import { ApiError } from '../lib/api-client';
import { Skeleton } from './Skeleton';
import './query-state.css';

/** The part of a query result a section needs (UseQueryResult fits, and so does a merge). */
export interface QueryView<T> {
  readonly status: 'pending' | 'error' | 'success';
  readonly data: T | undefined;
  readonly error: Error | null;
  readonly isFetching: boolean;
  readonly refetch: () => unknown;
}

/** Two queries as one view: pending until both answer, failed when either fails, empty if either is. */
export function bothQueries<A, B>(
  a: QueryView<A | null>,
  b: QueryView<B | null>,
): QueryView<[A, B] | null> {
  const failed = [a, b].filter((q) => q.status === 'error');
  const status =
    failed.length > 0
      ? 'error'
      : a.status === 'success' && b.status === 'success'
        ? 'success'
        : 'pending';
  return {
    status,
    data:
      a.data === undefined || b.data === undefined
        ? undefined
        : a.data === null || b.data === null
          ? null
          : [a.data, b.data],
    error: failed[0]?.error ?? null,
    isFetching: a.isFetching || b.isFetching,
    refetch: () => failed.forEach((q) => void q.refetch()),
  };
}

/**
 * One section's data states, the same on every page: a skeleton (or the section's own
 * `placeholder`) while loading; when the request failed, a message with Retry (the rest of the
 * page carries on); `empty` when there is nothing to show — a 404 for this section means there is
 * no such data, which is not an error to retry. Data already shown stays when a later refresh
 * fails: the next refresh tries again.
 */
export function QueryState<T>({
  query,
  what,
  empty,
  lines,
  placeholder,
  deferred = false,
  children,
}: {
  query: QueryView<T | null>;
  what: string;
  empty: string;
  lines?: number;
  placeholder?: ReactNode;
  /**
   * Draw new data as a transition. TanStack Query hands data over in a synchronous render
   * (useSyncExternalStore), so a large section — the movers, a statements table — would draw as
   * one long task; deferred, that render keeps what is shown and React draws the new data in
   * slices between frames (less blocking time on a phone). For read-only sections: the
   * data shows a moment after the query has it.
   */
  deferred?: boolean;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  const latest = useDeferredValue(query.data);
  const data = deferred ? latest : query.data;
  if (data === undefined) {
    if (query.status !== 'error' || query.data !== undefined) {
      return placeholder ?? <Skeleton what={what} {...(lines ? { lines } : {})} />;
    }
    if (query.error instanceof ApiError && query.error.status === 404) {
      // The data plan's gap is said as such, never as "no data".
      const notCovered = query.error.reason === NOT_COVERED_REASON;
      return <p className="muted">{notCovered ? query.error.message : empty}</p>;
    }
    return <SectionError what={what} query={query} />;
  }
  if (data === null) return <p className="muted">{empty}</p>;
  return <>{children(data as NonNullable<T>)}</>;
}

/** A section's failed load: what failed and why, and Retry (the rest of the page carries on). */
export function SectionError({
  what,
  query,
}: {
  what: string;
  query: Pick<QueryView<unknown>, 'error' | 'isFetching' | 'refetch'>;
}) {
  return (
    <div className="section-error" role="alert">
      <p>
        We could not load the {what}.{' '}
        <span className="muted">{query.error?.message ?? 'Unknown error.'}</span>
      </p>
      <button
        type="button"
        className="button"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        Retry
      </button>
    </div>
  );
}
