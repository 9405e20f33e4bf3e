import { useState } from 'react';
import { STATEMENT_DEFAULT_LIMIT } from '@core/constants';
import type { AmountUnit } from '@core/format';
import { STATEMENT_KINDS, STATEMENT_TITLES } from '@core/market/statements';
import { PERIOD_LABELS, STATEMENT_PERIODS } from '@core/market/timeframes';
import type { StatementKind, StatementPeriod } from '@core/market/types';
import { useStatements } from '../api/use-statements';
import { downloadText, statementCsv, statementCsvFileName } from '../lib/statement-csv';
import { STATEMENT_LINES } from '../../../lib/statement-lines/lines-by-kind';
import { isTtmItem } from '../lib/statement-periods';
import { QueryState } from '../../../components/QueryState';
import { StatementTable } from './StatementTable';
import {
  SegmentedControl,
  tabId,
  tabPanelId,
  type SegmentedOption,
} from '../../../components/segmented-control/SegmentedControl';

/** 'Show more' adds this many periods, up to the API's maximum. */
export const MORE_PERIODS = 8;
export const MAX_PERIODS = 40;

const ID = 'statements';
const KIND_TABS: readonly SegmentedOption<StatementKind>[] = STATEMENT_KINDS.map((kind) => ({
  value: kind,
  label: STATEMENT_TITLES[kind],
}));
const PERIOD_OPTIONS: readonly SegmentedOption<StatementPeriod>[] = STATEMENT_PERIODS.map((p) => ({
  value: p,
  label: PERIOD_LABELS[p],
}));
const UNIT_OPTIONS: readonly SegmentedOption<AmountUnit>[] = [
  { value: 'M', label: 'M' },
  { value: 'B', label: 'B' },
];
const EMPTY = 'No statements are available for this company.';

/** Income / balance / cash tabs, Annual / Quarterly, M/B, 'Show more' and CSV of what is shown. */
export function FinancialStatements({ symbol }: { symbol: string }) {
  const [kind, setKind] = useState<StatementKind>('income');
  const [period, setPeriod] = useState<StatementPeriod>('annual');
  const [limit, setLimit] = useState(STATEMENT_DEFAULT_LIMIT);
  const [unit, setUnit] = useState<AmountUnit>('M');
  const query = useStatements(symbol, kind, period, limit);
  const items = query.data ?? [];
  const lines = STATEMENT_LINES[kind];
  const currency = items[0]?.reportedCurrency ?? '';
  // A full page of periods means the company may have more; the API stops at MAX_PERIODS.
  const periodsShown = items.filter((item) => !isTtmItem(item)).length;
  const mayHaveMore = periodsShown >= limit && limit < MAX_PERIODS;

  return (
    <div className="statements">
      <SegmentedControl
        role="tablist"
        idPrefix={ID}
        label="Financial statement"
        options={KIND_TABS}
        value={kind}
        onChange={setKind}
      />
      <div className="statement-toolbar">
        <SegmentedControl
          label="Period"
          options={PERIOD_OPTIONS}
          value={period}
          onChange={(next) => {
            setPeriod(next);
            setLimit(STATEMENT_DEFAULT_LIMIT);
          }}
        />
        <SegmentedControl
          label="Unit: millions (M) or billions (B)"
          options={UNIT_OPTIONS}
          value={unit}
          onChange={setUnit}
        />
        <button
          type="button"
          className="button"
          disabled={items.length === 0}
          onClick={() =>
            downloadText(
              statementCsvFileName(symbol, kind, period),
              statementCsv(lines, items, currency),
            )
          }
        >
          Download CSV
        </button>
      </div>
      <div role="tabpanel" id={tabPanelId(ID)} aria-labelledby={tabId(ID, kind)}>
        <QueryState query={query} what="financial statements" empty={EMPTY} lines={8} deferred>
          {(data) =>
            data.length === 0 ? (
              <p className="muted">{EMPTY}</p>
            ) : (
              <>
                <StatementTable
                  kind={kind}
                  period={period}
                  lines={lines}
                  items={data}
                  unit={unit}
                  currency={currency}
                />
                {mayHaveMore && (
                  <button
                    type="button"
                    className="button show-more"
                    disabled={query.isPlaceholderData}
                    onClick={() => setLimit(Math.min(limit + MORE_PERIODS, MAX_PERIODS))}
                  >
                    Show more
                  </button>
                )}
              </>
            )
          }
        </QueryState>
      </div>
    </div>
  );
}
