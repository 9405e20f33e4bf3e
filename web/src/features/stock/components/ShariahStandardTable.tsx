import type { ReactNode } from 'react';
import { formatPercent } from '@core/format';
import {
  dividesByAverageMarketCap,
  SHARIAH_METHODOLOGY_NOTES,
  SHARIAH_INPUT_LABELS,
  SHARIAH_RATIO_LABELS,
  SHARIAH_STANDARD_NAMES,
  type DenominatorBasis,
  type ShariahInputName,
  type ShariahRatio,
  type ShariahStandardResult,
} from '@core/market/shariah';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { VerdictBadge } from '../../../components/VerdictBadge';

const BASIS_TEXT: Readonly<Record<DenominatorBasis, string>> = {
  'market-cap': 'market cap',
  'average-market-cap-24m': '24-month average market cap',
  'average-market-cap-36m': '36-month average market cap',
  'total-assets': 'total assets',
  'total-revenue': 'total revenue',
};

/** 'total assets and the market capitalisation': what a ratio lacks, in the page's words. */
const missingText = (missing: readonly ShariahInputName[]) => {
  const names = missing.map((input) => SHARIAH_INPUT_LABELS[input]);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

function Result({
  passes,
  missing = [],
}: {
  passes: boolean | null;
  missing?: readonly ShariahInputName[] | undefined;
}) {
  if (passes === null) {
    return (
      <span className="screen-result unknown">
        <span aria-hidden="true">?</span> Not available
        {missing.length > 0 && <span className="small"> (no {missingText(missing)})</span>}
      </span>
    );
  }
  return (
    <span className={passes ? 'screen-result pass' : 'screen-result fail'}>
      <span aria-hidden="true">{passes ? '✓' : '✗'}</span> {passes ? 'Pass' : 'Fail'}
    </span>
  );
}

/** '≤ 30.00%' / '< 33.00%'. */
const limit = (ratio: ShariahRatio) =>
  `${ratio.comparison === '<' ? '<' : '≤'} ${formatPercent(ratio.threshold, { ratio: true })}`;

/** One row of a standard's table: the business-activity screen or one ratio. */
interface Screen {
  readonly key: string;
  readonly name: ReactNode;
  readonly value: string;
  readonly threshold: string;
  readonly passes: boolean | null;
  readonly missing?: readonly ShariahInputName[];
}

const screensOf = (result: ShariahStandardResult): Screen[] => [
  {
    key: 'activity',
    name: 'Business activity',
    value: result.activityPasses ? 'Permissible' : 'Prohibited',
    threshold: 'Permissible core business',
    passes: result.activityPasses,
  },
  ...result.ratios.map((ratio) => ({
    key: ratio.name,
    name: (
      <>
        {SHARIAH_RATIO_LABELS[ratio.name]}
        <span className="basis"> / {BASIS_TEXT[ratio.denominatorBasis]}</span>
      </>
    ),
    value: formatPercent(ratio.value, { ratio: true }),
    threshold: limit(ratio),
    passes: ratio.passes,
    missing: ratio.missing,
  })),
];

// The screens keep the standard's order: not sortable.
const COLUMNS: readonly Column<Screen>[] = [
  { key: 'screen', header: 'Screen', rowHeader: true, cell: (row) => row.name },
  { key: 'value', header: 'Value', numeric: true, cell: (row) => row.value },
  { key: 'threshold', header: 'Threshold', numeric: true, cell: (row) => row.threshold },
  {
    key: 'result',
    header: 'Result',
    cell: (row) => <Result passes={row.passes} missing={row.missing} />,
  },
];

/**
 * One standard: the activity screen and each ratio against its threshold, then its notes. S&P and
 * DJIM say the day their average market cap dates from (`averagesAsOf`, stored by the ingest).
 */
export function ShariahStandardTable({
  result,
  averagesAsOf,
}: {
  result: ShariahStandardResult;
  averagesAsOf?: string | undefined;
}) {
  const name = SHARIAH_STANDARD_NAMES[result.standard];
  const headingId = `shariah-${result.standard}`;
  return (
    <div className="shariah-standard" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>
        {name} <VerdictBadge verdict={result.verdict} />
      </h3>
      <DataTable
        columns={COLUMNS}
        rows={screensOf(result)}
        rowKey={(row) => row.key}
        className="shariah-table"
        caption={`${name}: each screen against its threshold`}
        scrollLabel={`${name} ratios`}
      />
      <p className="small">
        Purification:{' '}
        {result.purificationPercent === null
          ? 'not available'
          : `${formatPercent(result.purificationPercent)} of dividends`}{' '}
        · As of {result.asOf}
        {averagesAsOf && dividesByAverageMarketCap(result.standard)
          ? ` · Average market cap as of ${averagesAsOf}`
          : ''}
      </p>
      <p className="methodology small">{SHARIAH_METHODOLOGY_NOTES[result.standard]}</p>
    </div>
  );
}
