import { formatPercent } from '@core/format';
import { bestOf } from '@core/market/compare-ratios';
import { GROWTH_FIELD_LABELS, GROWTH_FIELDS, GROWTH_YEARS, growthOf } from '@core/market/growth';
import { QueryState } from '../../../components/QueryState';
import { useComparedIncome } from '../api/compare-queries';
import { CompareTable, type CompareRow } from './CompareTable';

const GROWTH_NOTE =
  '— means no rate: the base year is missing, or its value is zero or negative (growth from a loss has no meaningful rate).';

/** Revenue and EPS growth, 1-, 3- and 5-year CAGR from the annual income statements. */
export function GrowthTable({ symbols }: { readonly symbols: readonly string[] }) {
  const query = useComparedIncome(symbols);
  return (
    <section className="analysis-section" aria-labelledby="analysis-growth-title">
      <h2 id="analysis-growth-title">Growth</h2>
      <QueryState query={query} what="income statements" empty="No statements." lines={6}>
        {(statements) => {
          const rows = GROWTH_FIELDS.flatMap((field) =>
            GROWTH_YEARS.map((years): CompareRow => {
              const values = symbols.map((_, at) => growthOf(statements[at] ?? [], field, years));
              return {
                key: `${field}-${years}`,
                label: `${GROWTH_FIELD_LABELS[field]}, ${years}-year CAGR`,
                cells: values.map((v) => formatPercent(v, { ratio: true, signed: true })),
                best: bestOf(values, 'higher'),
              };
            }),
          );
          return (
            <CompareTable
              caption="Compound annual growth of the fiscal years; ★ marks the best of each row"
              corner="Growth"
              symbols={symbols}
              rows={rows}
              note={GROWTH_NOTE}
            />
          );
        }}
      </QueryState>
    </section>
  );
}
