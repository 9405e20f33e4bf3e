import { Link } from 'react-router';
import {
  OVERVIEW_WINDOW_DAYS,
  type AreaChange,
  type CurationOverview,
  type IngestRefusalView,
  type IngestRunView,
  type PersonChanges,
} from '@core/curation/overview';
import { formatCount } from '@core/format';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { describeMoment } from '../../../lib/last-change';
import { areaTitle, changeLink } from '../lib/area-links';

const PERSON_COLUMNS: readonly Column<PersonChanges>[] = [
  {
    key: 'who',
    header: 'Person',
    cell: (row) => row.who,
    rowHeader: true,
    sortValue: (r) => r.who,
  },
  {
    key: 'changes',
    header: 'Changes',
    cell: (row) => formatCount(row.changes),
    numeric: true,
    sortValue: (r) => r.changes,
  },
];

const CHANGE_COLUMNS: readonly Column<AreaChange>[] = [
  { key: 'when', header: 'When', cell: (row) => describeMoment(row.updatedAt) },
  { key: 'area', header: 'Area', cell: (row) => areaTitle(row.area) },
  {
    key: 'isin',
    header: 'ISIN',
    cell: (row) => <Link to={changeLink(row.area, row.isin)}>{row.isin}</Link>,
    rowHeader: true,
  },
  { key: 'who', header: 'By', cell: (row) => row.updatedBy },
];

const REFUSAL_COLUMNS: readonly Column<IngestRefusalView>[] = [
  { key: 'endpoint', header: 'Endpoint', cell: (r) => r.endpoint, rowHeader: true },
  // No exchange: the call was about no one company (an index's member list).
  { key: 'exchange', header: 'Exchange', cell: (r) => r.exchange ?? '—' },
  {
    key: 'companies',
    header: 'Companies',
    cell: (r) =>
      r.exchange === null && r.companies === 0 ? 'index list' : formatCount(r.companies),
    numeric: true,
  },
  { key: 'message', header: 'In the provider’s words', cell: (r) => r.message },
];

/** The week's curation: changes by person and the newest changes, each leading to its item. */
export function DashboardActivity({ overview }: { overview: CurationOverview }) {
  return (
    <>
      <h2 id="changes-by-person">Changes in the last {OVERVIEW_WINDOW_DAYS} days by person</h2>
      {overview.changesByPerson.length === 0 ? (
        <p className="muted">
          Nobody changed curated data in the last {OVERVIEW_WINDOW_DAYS} days.
        </p>
      ) : (
        <DataTable
          columns={PERSON_COLUMNS}
          rows={overview.changesByPerson}
          rowKey={(row) => row.who}
          labelledBy="changes-by-person"
        />
      )}
      {overview.recent.length > 0 && (
        <>
          <h2 id="recent-changes">Recent changes</h2>
          <DataTable
            columns={CHANGE_COLUMNS}
            rows={overview.recent}
            rowKey={(row) => `${row.updatedAt}-${row.area}-${row.isin}`}
            labelledBy="recent-changes"
          />
        </>
      )}
    </>
  );
}

/**
 * The last data ingest: when, what it wrote, its failures with their reasons, and what the data
 * provider's plan refused (the companies stored without a part, or not at all).
 */
export function LastIngest({ run }: { run: IngestRunView | null }) {
  return (
    <>
      <h2 id="last-ingest">Last data ingest</h2>
      {!run ? (
        <p className="muted">No ingest has run yet.</p>
      ) : (
        <>
          <p>
            {run.source}, finished {describeMoment(run.finishedAt)}: {formatCount(run.ingested)}{' '}
            {run.ingested === 1 ? 'company' : 'companies'} written,{' '}
            <span className={run.failed > 0 ? 'admin-error' : undefined}>
              {formatCount(run.failed)} failed
            </span>
            .
          </p>
          {run.failures.length > 0 && (
            <DataTable
              columns={[
                { key: 'symbol', header: 'Symbol', cell: (f) => f.symbol, rowHeader: true },
                { key: 'reason', header: 'Reason', cell: (f) => f.reason },
              ]}
              rows={run.failures}
              rowKey={(f) => f.symbol}
              caption={
                run.failed > run.failures.length
                  ? `The first ${run.failures.length} of ${run.failed} failures`
                  : 'Failures'
              }
            />
          )}
          {run.refusals.length > 0 && (
            <>
              <h3 id="refused-by-plan">Refused by the data plan</h3>
              <p className="muted">
                The provider’s plan does not cover these endpoints on these exchanges: the companies
                were stored without that part, or not at all (then they are among the failures too).
                A higher plan, or another exchange, lifts them.
              </p>
              <DataTable
                columns={REFUSAL_COLUMNS}
                rows={run.refusals}
                rowKey={(r) => `${r.endpoint} ${r.exchange ?? ''}`}
                labelledBy="refused-by-plan"
              />
            </>
          )}
        </>
      )}
    </>
  );
}
