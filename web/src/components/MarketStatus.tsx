import './market-status.css';

/**
 * Whether a market trades now: 'Open' or 'Closed' in words (a screen reader hears 'Market open'),
 * the dot only repeats it.
 */
export function MarketStatus({ open }: { open: boolean }) {
  return (
    <span className={open ? 'market-status open' : 'market-status closed'}>
      <span className="market-dot" aria-hidden="true" />
      <span className="visually-hidden">Market </span>
      {open ? 'Open' : 'Closed'}
    </span>
  );
}
