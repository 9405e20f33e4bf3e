import { useState } from 'react';
import { Link } from 'react-router';
import { sheetDescriptor, STATEMENT_KINDS, STATEMENT_TITLES } from '@core/market/statements';
import { QueryState } from '../../../components/QueryState';
import { useAuth } from '../../../lib/auth/auth-context';
import { ForbiddenError } from '../../../lib/graphql-client';
import { describeChange } from '../../../lib/last-change';
import { useCuratedSheets, type SheetRow } from '../api/sheets-api';
import { sheetsReadOnlyReason } from '../lib/sheet-form';
import { sheetsPath } from '../lib/sheet-paths';
import { ScrollingTable } from '../../../components/ScrollingTable';

type PeriodFilter = 'all' | 'annual' | 'quarter' | 'ttm';
const matchesPeriod = (row: SheetRow, period: PeriodFilter) =>
  period === 'all' ||
  (period === 'ttm' ? row.isTTM : !row.isTTM && (period === 'annual') === row.isAnnual);

/** /admin/settings/sheets/:isin: the company's sheets as §3 descriptors, filterable. */
export function SheetList({ isin, symbol }: { readonly isin: string; readonly symbol?: string }) {
  const { state } = useAuth();
  const sheets = useCuratedSheets(isin);
  const [kind, setKind] = useState<'all' | (typeof STATEMENT_KINDS)[number]>('all');
  const [period, setPeriod] = useState<PeriodFilter>('all');
  const cannotAdd = sheetsReadOnlyReason(state, isin, 'create');
  const cannotEdit = sheetsReadOnlyReason(state, isin, 'update');
  if (sheets.error instanceof ForbiddenError && sheets.data === undefined) {
    return (
      <p className="notice" role="alert">
        Your permission set does not allow reading the sheets of {isin}.
      </p>
    );
  }
  return (
    <>
      <div className="form-actions">
        {cannotAdd ? (
          <p className="muted">{cannotAdd}</p>
        ) : (
          <Link className="button primary" to={sheetsPath(isin, symbol, 'add')}>
            Add a sheet
          </Link>
        )}
      </div>
      {cannotEdit ? (
        <p className="notice" role="note">
          Read-only: {cannotEdit}
        </p>
      ) : null}
      <div className="filters" role="group" aria-label="Filter the sheets">
        <label>
          Statement
          <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            <option value="all">All statements</option>
            {STATEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {STATEMENT_TITLES[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Period
          <select value={period} onChange={(e) => setPeriod(e.target.value as PeriodFilter)}>
            <option value="all">All periods</option>
            <option value="annual">Annual</option>
            <option value="quarter">Quarterly</option>
            <option value="ttm">TTM</option>
          </select>
        </label>
      </div>
      <QueryState query={sheets} what="sheets" empty={`No company has the ISIN ${isin}.`}>
        {(rows) => {
          const shown = rows.filter(
            (row) => (kind === 'all' || row.sheetType === kind) && matchesPeriod(row, period),
          );
          return (
            <ScrollingTable label="Sheets" className="data-table">
              <caption>
                {shown.length} of {rows.length} sheets
              </caption>
              <thead>
                <tr>
                  <th scope="col">Sheet</th>
                  <th scope="col">Year</th>
                  <th scope="col">Quarter</th>
                  <th scope="col">id</th>
                  <th scope="col">sheetType</th>
                  <th scope="col">isTTM</th>
                  <th scope="col">isAnnual</th>
                  <th scope="col">Version</th>
                  <th scope="col">Last change</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => {
                  const d = sheetDescriptor(row.sheetType, { ...row, isTTM: row.isTTM });
                  return (
                    <tr key={row.id}>
                      <th scope="row">
                        {row.isTTM ? (
                          <span title="Derived from the last four quarters">{d.Sheet}</span>
                        ) : (
                          <Link to={sheetsPath(isin, symbol, `edit/${row.id}`)}>{d.Sheet}</Link>
                        )}
                      </th>
                      <td>{d.Year}</td>
                      <td>{d.Quarter}</td>
                      <td>{d.id}</td>
                      <td>{d.sheetType}</td>
                      <td>{String(d.isTTM)}</td>
                      <td>{String(d.isAnnual)}</td>
                      <td>{row.isTTM ? 'derived' : row.version}</td>
                      <td>
                        {row.updatedBy
                          ? describeChange({ by: row.updatedBy, at: row.updatedAt ?? '' })
                          : row.isTTM
                            ? '—'
                            : 'as ingested'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </ScrollingTable>
          );
        }}
      </QueryState>
    </>
  );
}
