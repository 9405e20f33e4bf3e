import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';

/** A titled section of the stock page (its own heading, landmark and anchor). */
export function Section({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="stock-section" aria-labelledby={`${id}-title`} id={id}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * One query's states inside a section: a skeleton while loading, a message with Retry when it
 * failed (the rest of the page carries on), an empty text when there is no data.
 */
export function QueryContent<T>({
  query,
  empty,
  children,
  lines = 4,
}: {
  query: UseQueryResult<T | null>;
  empty: string;
  children: (data: T) => ReactNode;
  lines?: number;
}) {
  if (query.isPending) {
    return (
      <div className="skeleton" role="status" aria-busy="true" aria-label="Loading">
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className="skeleton-line" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="section-error" role="alert">
        <p>{notFound ? empty : `This section could not be loaded: ${query.error.message}`}</p>
        {!notFound && (
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Retry
          </button>
        )}
      </div>
    );
  }
  if (query.data === null || query.data === undefined) return <p className="muted">{empty}</p>;
  return <>{children(query.data)}</>;
}
