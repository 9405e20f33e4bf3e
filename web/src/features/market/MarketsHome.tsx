import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEFAULT_DISPLAYED_INDEX_SYMBOLS,
  DEFAULT_INDEX_SYMBOL,
} from '../../../../core/market/indexes';
import { PriceChart } from '../chart/PriceChart';
import { IndexCard } from './IndexCard';
import { MoversTable } from './MoversTable';
import { indexesQuery, moversQuery } from './queries';
import './market.css';

/** / and /home: the markets today — indexes in the §3 order, the featured index's chart, movers. */
export function MarketsHome() {
  const indexes = useQuery(indexesQuery);
  const movers = useQuery(moversQuery);
  const [featured, setFeatured] = useState<string>(DEFAULT_INDEX_SYMBOL);
  const [allMarkets, setAllMarkets] = useState(false);

  const shown = (indexes.data ?? [])
    .filter(
      (i) =>
        allMarkets || (DEFAULT_DISPLAYED_INDEX_SYMBOLS as readonly string[]).includes(i.symbol),
    )
    .sort((a, b) => order(a.symbol) - order(b.symbol));
  const featuredIndex = indexes.data?.find((i) => i.symbol === featured);

  return (
    <div className="markets-home">
      <h1>Markets today</h1>
      <p className="notice">Information only, not investment advice.</p>

      <section aria-labelledby="indexes-title">
        <div className="section-head">
          <h2 id="indexes-title">Market indexes</h2>
          <button type="button" className="link-button" onClick={() => setAllMarkets(!allMarkets)}>
            {allMarkets ? 'Main markets' : 'All markets'}
          </button>
        </div>
        {indexes.isPending ? (
          // Placeholders of the cards' size, so nothing below moves when the levels arrive.
          <ul className="index-grid" aria-busy="true" aria-label="Loading indexes">
            {DEFAULT_DISPLAYED_INDEX_SYMBOLS.map((symbol) => (
              <li key={symbol} className="index-card placeholder" />
            ))}
          </ul>
        ) : indexes.isError ? (
          <div className="section-error" role="alert">
            <p>The indexes could not be loaded.</p>
            <button type="button" className="button" onClick={() => void indexes.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <ul className="index-grid">
            {shown.map((index) => (
              <IndexCard
                key={index.symbol}
                index={index}
                featured={index.symbol === featured}
                onSelect={() => setFeatured(index.symbol)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="featured-title" className="featured">
        <h2 id="featured-title">{featuredIndex?.name ?? 'NASDAQ'}</h2>
        <PriceChart
          symbol={featured}
          label={featuredIndex?.name ?? featured}
          {...(featuredIndex ? { currency: featuredIndex.currency } : {})}
          height={320}
        />
      </section>

      <section aria-labelledby="movers-title">
        <h2 id="movers-title">Today’s movers</h2>
        {movers.isPending ? (
          <div
            className="movers-grid placeholder"
            role="status"
            aria-busy="true"
            aria-label="Loading movers"
          />
        ) : movers.isError || !movers.data ? (
          <div className="section-error" role="alert">
            <p>The movers could not be loaded.</p>
            <button type="button" className="button" onClick={() => void movers.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <div className="movers-grid">
            <MoversTable title="Top gainers" rows={movers.data.gainers} />
            <MoversTable title="Top losers" rows={movers.data.losers} />
            <MoversTable title="Most active" rows={movers.data.mostActive} />
          </div>
        )}
      </section>
    </div>
  );
}

/** §3 default display order; indexes outside it (TASI) come last. */
function order(symbol: string): number {
  const at = (DEFAULT_DISPLAYED_INDEX_SYMBOLS as readonly string[]).indexOf(symbol);
  return at === -1 ? DEFAULT_DISPLAYED_INDEX_SYMBOLS.length : at;
}
