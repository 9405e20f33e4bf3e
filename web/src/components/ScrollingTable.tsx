import type { ReactNode } from 'react';

/**
 * A table in the box it scrolls in when it is wider than the screen (a phone, a long row of
 * figures): the page itself never scrolls sideways, and the first column stays frozen
 * (styles.css). The box is a named region that takes focus, so a keyboard can scroll it too.
 */
export function ScrollingTable({
  label,
  className,
  children,
}: {
  /** The scroll region's name (what the table lists). */
  readonly label: string;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className={className}>{children}</table>
    </div>
  );
}
