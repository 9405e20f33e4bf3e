import { ApiError } from '../../../lib/api-client';

/**
 * What a refused change said, as the server said it. A 409 (the portfolio changed in another tab
 * or device meanwhile) offers to reload what is stored before trying again.
 */
export function ChangeError({
  error,
  onReload,
}: {
  readonly error: Error | null;
  readonly onReload: () => void;
}) {
  if (!error) return null;
  const stale = error instanceof ApiError && error.status === 409;
  return (
    <div role="alert" className="portfolio-error">
      <p>{error.message}</p>
      {stale && (
        <button type="button" className="button" onClick={onReload}>
          Reload the portfolio
        </button>
      )}
    </div>
  );
}
