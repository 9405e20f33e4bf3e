import { formatAmount, formatNumber, formatPercent, type AmountUnit } from '@core/format';
import { STATEMENT_TITLES, type IdentifiedStatement } from '@core/market/statements';
import { PERIOD_LABELS } from '@core/market/timeframes';
import type { StatementKind, StatementPeriod } from '@core/market/types';
import { isTtmItem, periodHeading } from '../lib/statement-periods';
import { lineValue, type StatementLine } from '../../../lib/statement-lines/statement-line';

export const UNIT_WORDS: Readonly<Record<AmountUnit, string>> = { M: 'millions', B: 'billions' };

function cell(value: number | null, line: StatementLine, unit: AmountUnit): string {
  switch (line.format) {
    case 'amount':
    case 'shares':
      return formatAmount(value, unit);
    case 'ratio':
      return formatPercent(value, { ratio: true });
    case 'per-share':
      return formatNumber(value);
  }
}

/** Line items down, periods across (newest first, TTM first where the kind has one). */
export function StatementTable({
  kind,
  period,
  lines,
  items,
  unit,
  currency,
}: {
  kind: StatementKind;
  period: StatementPeriod;
  lines: readonly StatementLine[];
  items: readonly IdentifiedStatement[];
  unit: AmountUnit;
  currency: string;
}) {
  const note = `${STATEMENT_TITLES[kind]}, ${PERIOD_LABELS[period].toLowerCase()}: amounts in ${currency} ${UNIT_WORDS[unit]}, share counts in ${UNIT_WORDS[unit]}, EPS in ${currency}`;
  return (
    <>
      <p className="statement-note" aria-hidden="true">
        {note}
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={STATEMENT_TITLES[kind]}>
        <table className="statement-table">
          <caption className="visually-hidden">{note}</caption>
          <thead>
            <tr>
              <th scope="col">Line item</th>
              {items.map((item) => {
                const heading = periodHeading(item);
                return (
                  <th scope="col" key={item.id} className={isTtmItem(item) ? 'ttm' : undefined}>
                    <span className="period-title">{heading.title}</span>
                    {heading.date && <span className="period-date">{heading.date}</span>}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.field} className={line.total ? 'total' : undefined}>
                <th scope="row">{line.label}</th>
                {items.map((item) => (
                  <td key={item.id}>{cell(lineValue(item, line.field), line, unit)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
