import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { profileQuery } from '../../../lib/stock-queries';
import { sheetsPath } from '../lib/sheet-paths';
import { AddSheet, EditSheet } from './SheetEditor';
import { SheetImport } from './SheetImport';
import { SheetList } from './SheetList';
import '../../../components/admin.css';
import './curation.css';
import './sheets.css';
import { AllowedLink } from '../../../components/AllowedLink';

/**
 * /admin/settings/sheets (pick a company, or import a CSV), /sheets/:isin (its sheets),
 * /sheets/:isin/add and /sheets/:isin/edit/:id (one sheet, its history and restore).
 */
export function SheetsScreen({
  companyPicker,
}: {
  readonly companyPicker: (props: {
    readonly label: string;
    readonly onPick: (symbol: string) => void;
  }) => ReactNode;
}) {
  const { isin, id } = useParams();
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? undefined;
  const navigate = useNavigate();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const adding = isin !== undefined && id === undefined && pathname.endsWith('/add');
  const title = !isin
    ? 'Sheets'
    : adding
      ? 'Add a sheet'
      : id
        ? `Sheet ${id}`
        : `Sheets of ${symbol ?? isin}`;
  return (
    <section className="admin curation" aria-labelledby="sheets-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <AllowedLink to="/admin/settings">Settings</AllowedLink> /{' '}
        <AllowedLink to="/admin/settings/sheets">Sheets</AllowedLink>
        {isin ? (
          <>
            {' '}
            / <Link to={sheetsPath(isin, symbol)}>{symbol ?? isin}</Link>
          </>
        ) : null}
      </nav>
      <h1 id="sheets-title">{title}</h1>
      {isin ? (
        <dl className="admin-keys">
          {symbol ? (
            <>
              <dt>Symbol</dt>
              <dd>{symbol}</dd>
            </>
          ) : null}
          <dt>ISIN</dt>
          <dd>{isin}</dd>
        </dl>
      ) : null}
      {!isin ? (
        <>
          <div className="curation-picker">
            <h2>Company</h2>
            {companyPicker({
              label: 'Company (search by symbol or name)',
              onPick: (picked) =>
                void client.fetchQuery(profileQuery(picked)).then((profile) => {
                  if (profile) void navigate(sheetsPath(profile.isin, profile.symbol));
                }),
            })}
          </div>
          <SheetImport />
        </>
      ) : id ? (
        <EditSheet key={id} isin={isin} symbol={symbol} id={id} />
      ) : adding ? (
        <AddSheet isin={isin} symbol={symbol} />
      ) : (
        <SheetList isin={isin} symbol={symbol} />
      )}
    </section>
  );
}
