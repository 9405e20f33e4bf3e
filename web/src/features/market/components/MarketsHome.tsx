import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_INDEX_SYMBOL } from '@core/market/indexes';
import { FeaturedIndex } from './FeaturedIndex';
import { IndexSection } from './IndexSection';
import { MoversSection } from './MoversSection';
import { indexesQuery } from '../api/market-queries';
import './market.css';

/** / and /home: the markets today — §3 indexes in order, the featured index's chart, movers. */
export function MarketsHome() {
  const [featured, setFeatured] = useState<string>(DEFAULT_INDEX_SYMBOL);
  // Shares IndexSection's cache entry: one request feeds both.
  const indexes = useQuery(indexesQuery);
  return (
    <div className="markets-home">
      <div className="markets-intro">
        <h1>Markets today</h1>
        <p className="notice">Information only, not investment advice.</p>
      </div>
      <IndexSection featured={featured} onFeature={setFeatured} />
      <FeaturedIndex symbol={featured} index={indexes.data?.find((i) => i.symbol === featured)} />
      <MoversSection />
    </div>
  );
}
