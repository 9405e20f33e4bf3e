import { MISSING_VALUE } from '@core/format';
import { VERDICT_TEXT } from '@core/market/shariah';
import { shariahSideBySide } from '@core/market/shariah-compare';
import { QueryState } from '../../../components/QueryState';
import { useComparedShariah } from '../api/compare-queries';
import { CompareTable } from './CompareTable';

/** Each standard's Shariah verdict on each stock, the overall one first. */
export function ShariahTable({ symbols }: { readonly symbols: readonly string[] }) {
  const query = useComparedShariah(symbols);
  return (
    <section className="analysis-section" aria-labelledby="analysis-shariah-title">
      <h2 id="analysis-shariah-title">Shariah compliance</h2>
      <QueryState query={query} what="Shariah screens" empty="No Shariah screens." lines={7}>
        {(screens) => (
          <CompareTable
            caption="Verdict by standard"
            corner="Standard"
            symbols={symbols}
            rows={shariahSideBySide(screens).map((row) => ({
              key: row.key,
              label: row.label,
              cells: row.verdicts.map((verdict) =>
                verdict ? (
                  <span className={`verdict verdict-${verdict}`}>{VERDICT_TEXT[verdict]}</span>
                ) : (
                  MISSING_VALUE
                ),
              ),
            }))}
          />
        )}
      </QueryState>
    </section>
  );
}
