/** 'Open' or 'Closed' in words, the dot only repeats it. */
export function MarketStatus({ open }: { open: boolean }) {
  return (
    <span className={open ? 'market-status open' : 'market-status closed'}>
      <span className="market-dot" aria-hidden="true" />
      {open ? 'Open' : 'Closed'}
    </span>
  );
}
