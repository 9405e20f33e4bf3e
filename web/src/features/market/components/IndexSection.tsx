import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_DISPLAYED_INDEX_SYMBOLS, displayedIndexes } from '@core/market/indexes';
import { QueryState } from '../../../components/QueryState';
import { IndexCard } from './IndexCard';
import { indexesQuery } from '../api/market-queries';
import { UpdatedAt } from './UpdatedAt';

/** The index cards in the §3 order, with a toggle for the markets not shown by default (TASI). */
export function IndexSection({
  featured,
  onFeature,
}: {
  featured: string;
  onFeature: (symbol: string) => void;
}) {
  const indexes = useQuery(indexesQuery);
  const [all, setAll] = useState(false);

  return (
    <section aria-labelledby="indexes-title" className="market-section">
      <div className="market-head">
        <h2 id="indexes-title">Market indexes</h2>
        <UpdatedAt at={indexes.data ? indexes.dataUpdatedAt : 0} />
        <button
          type="button"
          className="toggle-button"
          aria-pressed={all}
          onClick={() => setAll(!all)}
        >
          All markets
        </button>
      </div>
      <QueryState
        deferred
        query={indexes}
        what="market indexes"
        empty="No market indexes to show right now."
        placeholder={
          // Placeholders of the cards' size, so nothing below moves when the levels arrive.
          <ul className="index-grid" aria-busy="true" aria-label="Loading market indexes">
            {DEFAULT_DISPLAYED_INDEX_SYMBOLS.map((symbol) => (
              <li key={symbol} className="index-card placeholder" />
            ))}
          </ul>
        }
      >
        {(data) => (
          <ul className="index-grid">
            {displayedIndexes(data, all).map((index) => (
              <IndexCard
                key={index.symbol}
                index={index}
                featured={index.symbol === featured}
                onSelect={() => onFeature(index.symbol)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
