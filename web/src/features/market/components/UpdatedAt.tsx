const TIME = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/** When the figures were fetched, in the visitor's clock: they refresh each minute. */
export function UpdatedAt({ at }: { at: number }) {
  if (!at) return null;
  const when = new Date(at);
  return (
    <span className="updated-at muted">
      Updated <time dateTime={when.toISOString()}>{TIME.format(when)}</time>
    </span>
  );
}
