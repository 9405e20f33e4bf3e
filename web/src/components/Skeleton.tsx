import './skeleton.css';

/** Grey placeholder lines while a section loads; announced once as "Loading {what}". */
export function Skeleton({ what, lines = 4 }: { what: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label={`Loading ${what}`}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" />
      ))}
    </div>
  );
}
