import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNearOrIdle } from '../../../lib/use-in-view';
import { QueryState } from '../../../components/QueryState';
import { MoversTable } from './MoversTable';
import { MOVERS_LIMIT, moversQuery } from '../api/market-queries';
import { UpdatedAt } from './UpdatedAt';

const LISTS = [
  { key: 'gainers', title: 'Top gainers' },
  { key: 'losers', title: 'Top losers' },
  {
    key: 'mostActive',
    title: 'Most active',
    description: 'By traded value (price × volume), ranked in US dollars',
  },
] as const;

/** Rows of the tables' height, so nothing below moves when the lists arrive. */
const PLACEHOLDER = (
  <div className="movers-grid" role="status" aria-busy="true">
    <span className="visually-hidden">Loading movers…</span>
    {LISTS.map((list) => (
      <div key={list.key} className="movers-placeholder" aria-hidden="true">
        {Array.from({ length: MOVERS_LIMIT + 1 }, (_, i) => (
          <span key={i} className="placeholder-line" />
        ))}
      </div>
    ))}
  </div>
);

/**
 * Today's top gainers, top losers and most active stocks. Below the fold, the tables draw when
 * scrolled near or once the page is idle (their data is already on its way: home's loader).
 */
export function MoversSection() {
  const movers = useQuery(moversQuery);
  const box = useRef<HTMLElement>(null);
  const shown = useNearOrIdle(box);
  return (
    <section ref={box} aria-labelledby="movers-title" className="market-section">
      <div className="market-head">
        <h2 id="movers-title">Today’s movers</h2>
        <UpdatedAt at={shown && movers.data ? movers.dataUpdatedAt : 0} />
      </div>
      {shown ? (
        <QueryState
          deferred
          query={movers}
          what="movers"
          empty="No stocks to list right now."
          placeholder={PLACEHOLDER}
        >
          {(data) => (
            <div className="movers-grid">
              {LISTS.map((list) => (
                <MoversTable
                  key={list.key}
                  id={`movers-${list.key}`}
                  title={list.title}
                  description={'description' in list ? list.description : undefined}
                  rows={data[list.key]}
                  tradedValue={list.key === 'mostActive'}
                />
              ))}
            </div>
          )}
        </QueryState>
      ) : (
        PLACEHOLDER
      )}
    </section>
  );
}
