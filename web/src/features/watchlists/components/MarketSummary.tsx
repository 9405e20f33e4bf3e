import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPrice } from '@core/format';
import { MARKET_INDEXES } from '@core/market/indexes';
import { ChangeText } from '../../../components/ChangeText';
import { MarketStatus } from '../../../components/MarketStatus';
import { QuoteUnavailableText } from '../../../components/QuoteUnavailableText';
import { QueryState } from '../../../components/QueryState';
import { DayLine } from '../../../components/chart/DayLine';
import { getEnvelope } from '../../../lib/asset-api';
import { pickedIndexes, storePickedIndexes } from '../lib/picked-indexes';

const REFRESH_MS = 60_000;
// The server thins each index's day to at most 150 closes; a row's line is half that wide.
const SPARK = { width: 80, height: 22 };

/** Every §3 index with its quote, refreshed each minute like the home page's. */
const indexesQuery = queryOptions({
  queryKey: ['dashboard', 'indexes'],
  queryFn: async ({ signal }) => (await getEnvelope('indexes', { signal })).data,
  refetchInterval: REFRESH_MS,
  staleTime: REFRESH_MS / 2,
});

/**
 * The indexes the user picked (kept in this browser), with level, day change, market state and
 * the day's line (which comes with the quotes, as on the home page's cards).
 */
export function MarketSummary() {
  const indexes = useQuery(indexesQuery);
  const [picked, setPicked] = useState(pickedIndexes);
  const toggle = (symbol: string) => {
    const next = picked.includes(symbol)
      ? picked.filter((s) => s !== symbol)
      : MARKET_INDEXES.map((i) => i.symbol).filter((s) => s === symbol || picked.includes(s));
    setPicked(next);
    storePickedIndexes(next);
  };
  return (
    <section className="card market-summary" aria-labelledby="dashboard-markets">
      <h2 id="dashboard-markets">Your markets</h2>
      <QueryState query={indexes} what="indexes" empty="No index quotes are available." lines={3}>
        {(all) => {
          const shown = all.filter((i) => picked.includes(i.symbol));
          return shown.length === 0 ? (
            <p className="muted">Pick the indexes to follow below.</p>
          ) : (
            <ul className="summary-list">
              {shown.map(({ quote, unavailable, ...index }) => (
                <li key={index.symbol}>
                  <span className="summary-name">{index.name}</span>{' '}
                  {quote ? (
                    <>
                      <span className="summary-level">
                        {formatPrice(quote.price)} {index.currency}
                      </span>{' '}
                      <ChangeText change={quote.change} percent={quote.changesPercentage} />{' '}
                      <MarketStatus open={quote.marketOpen} />
                      <DayLine
                        className="summary-spark"
                        spark={index.spark}
                        change={quote.change}
                        label={`${index.name} today`}
                        {...SPARK}
                      />
                    </>
                  ) : (
                    <QuoteUnavailableText reason={unavailable} />
                  )}
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
      <details className="summary-picker">
        <summary>Choose indexes</summary>
        <fieldset>
          <legend className="visually-hidden">Indexes in your market summary</legend>
          {MARKET_INDEXES.map((index) => (
            <label key={index.symbol} className="watchlist-choice">
              <input
                type="checkbox"
                checked={picked.includes(index.symbol)}
                onChange={() => toggle(index.symbol)}
              />{' '}
              {index.name}
            </label>
          ))}
        </fieldset>
      </details>
    </section>
  );
}
