import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { entitlementsOf } from '@core/subscription';
import type { StockPicker } from '../../../components/stock-picker';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { useNow } from '../../../hooks/use-now';
import { useAuth } from '../../../lib/auth/auth-context';
import { compareSearch, readCompareParams, type CompareParams } from '../lib/compare-params';
import { GrowthTable } from './GrowthTable';
import { PerformanceChart } from './PerformanceChart';
import { RatiosTable } from './RatiosTable';
import { ShariahTable } from './ShariahTable';
import './analysis.css';

/** What the plan's limit counts, in core's limit sentence. */
export const COMPARED_STOCKS_WHAT = 'compared stocks';

/**
 * The Analysis tab: up to N stocks (N from the plan) picked with the site's search,
 * their performance rebased to 100 against an index, key ratios and growth side by side with the
 * best marked, and their Shariah verdicts. The address holds the comparison, so it can be shared.
 */
export function AnalysisPanel({ stockPicker }: { readonly stockPicker: StockPicker }) {
  const { state } = useAuth();
  const now = useNow();
  const limits = entitlementsOf(state.subscription, now);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const searchText = search.toString();
  const params = useMemo(() => readCompareParams(new URLSearchParams(searchText)), [searchText]);
  // A shared link may name more stocks than this plan compares: the first N are shown.
  const symbols = useMemo(
    () => params.symbols.slice(0, limits.comparedStocks),
    [params.symbols, limits.comparedStocks],
  );
  const update = (next: Partial<CompareParams>) =>
    void navigate({ search: compareSearch({ ...params, symbols, ...next }) });
  const full = symbols.length >= limits.comparedStocks;

  return (
    <div className="analysis-panel">
      <div className="analysis-picker">
        {full ? (
          <UpgradePrompt
            reason={{
              kind: 'limit',
              what: COMPARED_STOCKS_WHAT,
              limit: limits.comparedStocks,
              tier: limits.tier,
            }}
          />
        ) : (
          stockPicker({
            label: 'Add a stock to compare',
            onPick: (symbol) => {
              if (!symbols.includes(symbol)) update({ symbols: [...symbols, symbol] });
            },
          })
        )}
        {symbols.length > 0 && (
          <ul className="analysis-chips" aria-label="Compared stocks">
            {symbols.map((symbol) => (
              <li key={symbol}>
                {symbol}{' '}
                <button
                  type="button"
                  aria-label={`Remove ${symbol}`}
                  onClick={() => update({ symbols: symbols.filter((s) => s !== symbol) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {symbols.length === 0 ? (
        <p className="muted analysis-empty">
          Pick up to {limits.comparedStocks} stocks with the search box to compare their
          performance, ratios, growth and Shariah verdicts.
        </p>
      ) : (
        <>
          <PerformanceChart
            symbols={symbols}
            range={params.range}
            benchmark={params.benchmark}
            now={now}
            onRange={(range) => update({ range })}
            onBenchmark={(benchmark) => update({ benchmark })}
          />
          <RatiosTable symbols={symbols} />
          <GrowthTable symbols={symbols} />
          <ShariahTable symbols={symbols} />
        </>
      )}
    </div>
  );
}
