import { Link } from 'react-router';

/** An unknown symbol: a clear message and a way on, never a crash or an endless skeleton. */
export function StockNotFound({ symbol }: { symbol: string }) {
  return (
    <section className="stock-not-found" aria-labelledby="stock-not-found-title">
      <h1 id="stock-not-found-title">Stock not found</h1>
      <p>We could not find the stock "{symbol}".</p>
      <p>
        Check the symbol or search for the company in the box above, or go back to the{' '}
        <Link to="/home">home page</Link>.
      </p>
    </section>
  );
}
