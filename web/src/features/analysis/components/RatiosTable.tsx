import { formatStat } from '@core/format';
import { bestOf, COMPARED_RATIOS } from '@core/market/compare-ratios';
import { bothQueries, QueryState } from '../../../components/QueryState';
import { useComparedKeyMetrics, useComparedRatios } from '../api/compare-queries';
import { CompareTable, type CompareRow } from './CompareTable';

const RATIOS_NOTE =
  'Best is the highest value, except for debt / equity (the lowest) and P/E, P/B, P/S and EV/EBITDA (the lowest positive: a loss has no meaningful multiple).';

/** Key TTM ratios side by side, the best of each row marked by core's direction for it. */
export function RatiosTable({ symbols }: { readonly symbols: readonly string[] }) {
  const query = bothQueries(useComparedRatios(symbols), useComparedKeyMetrics(symbols));
  return (
    <section className="analysis-section" aria-labelledby="analysis-ratios-title">
      <h2 id="analysis-ratios-title">Key ratios</h2>
      <QueryState query={query} what="ratios" empty="No ratios for these stocks." lines={8}>
        {([ratios, metrics]) => {
          const rows = COMPARED_RATIOS.map((ratio): CompareRow => {
            const values = symbols.map((_, at) => {
              const r = ratios[at];
              const m = metrics[at];
              return r && m ? ratio.value(r, m) : null;
            });
            return {
              key: ratio.key,
              label: ratio.label,
              cells: values.map((v) => formatStat(v, ratio.format)),
              best: bestOf(values, ratio.direction),
            };
          });
          return (
            <CompareTable
              caption="Trailing twelve months; ★ marks the best of each row"
              corner="Ratio"
              symbols={symbols}
              rows={rows}
              note={RATIOS_NOTE}
            />
          );
        }}
      </QueryState>
    </section>
  );
}
