const TIME = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/**
 * When the figures were fetched, in the visitor's clock: they refresh each minute. Before the
 * first fetch (`at` 0) its place is kept, hidden: on a phone the line would otherwise wrap the
 * section's heading anew when it comes, and move everything below.
 */
export function UpdatedAt({ at }: { at: number }) {
  if (!at) {
    return (
      <span className="updated-at muted pending" aria-hidden="true">
        Updated 00:00 AM
      </span>
    );
  }
  const when = new Date(at);
  return (
    <span className="updated-at muted">
      Updated <time dateTime={when.toISOString()}>{TIME.format(when)}</time>
    </span>
  );
}
