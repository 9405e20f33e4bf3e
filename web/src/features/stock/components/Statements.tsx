import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STATEMENT_DEFAULT_LIMIT } from '../../../../../core/constants';
import {
  formatAmount,
  formatNumber,
  formatPercent,
  type AmountUnit,
} from '../../../../../core/format';
import {
  STATEMENT_KINDS,
  STATEMENT_TITLES,
  displayDate,
  displayYear,
  type IdentifiedStatement,
} from '../../../../../core/market/statements';
import { PERIOD_LABELS, STATEMENT_PERIODS } from '../../../../../core/market/timeframes';
import type { StatementKind, StatementPeriod } from '../../../../../core/market/types';
import { statementsQuery } from '../queries';
import { download, statementCsv } from '../statement-csv';
import { STATEMENT_ROWS, lineValue, type StatementRow } from '../statement-rows';
import { QueryContent } from './Section';

/** 'Show more' adds this many periods, up to the API's maximum. */
export const MORE_PERIODS = 8;
export const MAX_PERIODS = 40;

function cell(value: number | null, row: StatementRow, unit: AmountUnit): string {
  switch (row.format) {
    case 'amount':
      return value === null ? formatNumber(null) : formatAmount(value, unit);
    case 'ratio':
      return formatPercent(value, { ratio: true });
    case 'perShare':
      return formatNumber(value);
    case 'count':
      return value === null ? formatNumber(null) : formatAmount(value, 'M');
  }
}

export function StatementTable<K extends StatementKind>({
  kind,
  items,
  unit,
  currency,
}: {
  kind: K;
  items: readonly IdentifiedStatement<K>[];
  unit: AmountUnit;
  currency: string;
}) {
  const rows = STATEMENT_ROWS[kind] as readonly StatementRow[];
  return (
    <div className="table-scroll">
      <table className="statement-table">
        <caption className="visually-hidden">
          {STATEMENT_TITLES[kind]}, {currency} in {unit === 'M' ? 'millions' : 'billions'}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              {currency} {unit === 'M' ? 'millions' : 'billions'}
            </th>
            {items.map((item) => (
              <th scope="col" key={item.id}>
                <span className="period-year">{displayYear(item)}</span>
                <span className="period-date">
                  {item.isAnnual || displayDate(item) === 'TTM'
                    ? displayDate(item)
                    : `Q${item.quarter} · ${item.date}`}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className={row.total ? 'total' : undefined}>
              <th scope="row">{row.label}</th>
              {items.map((item) => (
                <td key={item.id}>{cell(lineValue(item, row.field), row, unit)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Income / balance / cash tabs, Annual / Quarterly, M/B, 'Show more' and CSV of what is shown. */
export function Statements({ symbol, currency }: { symbol: string; currency: string }) {
  const [kind, setKind] = useState<StatementKind>('income');
  const [period, setPeriod] = useState<StatementPeriod>('annual');
  const [limit, setLimit] = useState(STATEMENT_DEFAULT_LIMIT);
  const [unit, setUnit] = useState<AmountUnit>('M');
  // Keep the table while the next period set loads, instead of flashing a skeleton.
  const query = useQuery({
    ...statementsQuery(symbol, kind, period, limit),
    placeholderData: keepPreviousData,
  });
  const items = query.data ?? [];
  const periodsShown = items.filter((item) => !('isTTM' in item && item.isTTM)).length;

  return (
    <div className="statements">
      <div className="statement-controls">
        <div role="tablist" aria-label="Statement" className="segmented">
          {STATEMENT_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={k === kind}
              className={k === kind ? 'active' : undefined}
              onClick={() => setKind(k)}
            >
              {STATEMENT_TITLES[k]}
            </button>
          ))}
        </div>
        <div role="radiogroup" aria-label="Period" className="segmented">
          {STATEMENT_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={p === period}
              className={p === period ? 'active' : undefined}
              onClick={() => {
                setPeriod(p);
                setLimit(STATEMENT_DEFAULT_LIMIT);
              }}
            >
              {PERIOD_LABELS[p]}
            </button>
          ))}
        </div>
        <div role="radiogroup" aria-label="Unit" className="segmented">
          {(['M', 'B'] as const).map((u) => (
            <button
              key={u}
              type="button"
              role="radio"
              aria-checked={u === unit}
              className={u === unit ? 'active' : undefined}
              onClick={() => setUnit(u)}
            >
              {u === 'M' ? 'Millions' : 'Billions'}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button"
          disabled={items.length === 0}
          onClick={() =>
            download(
              `${symbol}-${kind}-${period}.csv`,
              statementCsv(STATEMENT_ROWS[kind] as readonly StatementRow[], items, currency),
            )
          }
        >
          Download CSV
        </button>
      </div>
      <QueryContent query={query} empty="No statements are available for this company." lines={8}>
        {(data) =>
          data.length === 0 ? (
            <p className="muted">No statements are available for this company.</p>
          ) : (
            <>
              <StatementTable kind={kind} items={data} unit={unit} currency={currency} />
              {periodsShown >= limit && limit < MAX_PERIODS && (
                <button
                  type="button"
                  className="button show-more"
                  onClick={() => setLimit(Math.min(limit + MORE_PERIODS, MAX_PERIODS))}
                >
                  Show more
                </button>
              )}
            </>
          )
        }
      </QueryContent>
    </div>
  );
}
