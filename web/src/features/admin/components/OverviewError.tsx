import type { UseQueryResult } from '@tanstack/react-query';

/** The figures failed to load: the links stay usable, the figures can be asked again. */
export function OverviewError({
  query,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch' | 'isFetching'>;
}) {
  if (!query.isError) return null;
  return (
    <div className="section-error" role="alert">
      <p>
        We could not load the figures.{' '}
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
