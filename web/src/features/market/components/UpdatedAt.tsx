import { formatDateTime } from '@core/format';

/**
 * When the figures were fetched, with the date, in the visitor's time zone (formatDateTime, as
 * every moment the product shows): they refresh each minute, and a weekend's figures are Friday's. Before the
 * first fetch (`at` 0) its place is kept, hidden: on a phone the line would otherwise wrap the
 * section's heading anew when it comes, and move everything below.
 */
export function UpdatedAt({ at }: { at: number }) {
  if (!at) {
    return (
      <span className="updated-at muted pending" aria-hidden="true">
        Updated 0000-00-00 at 00:00 UTC
      </span>
    );
  }
  const when = new Date(at);
  return (
    <span className="updated-at muted">
      Updated <time dateTime={when.toISOString()}>{formatDateTime(when)}</time>
    </span>
  );
}
