import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DESCRIPTION_MIN_LENGTH } from '@core/curation/description';
import { QueryState } from '../../../components/QueryState';
import { profileQuery } from '../../../lib/stock-queries';
import { DescriptionEditor } from './DescriptionEditor';
import { LIMIT_TEXT } from '../lib/description-form';
import '../../../components/admin.css';
import './description.css';

/** The chosen company travels in the address (?symbol=…): a reload or a shared link keeps it. */
const SYMBOL_PARAM = 'symbol';

/**
 * /admin/settings/description: pick a company by symbol or name (the site's stock search), then
 * curate its description with a preview, its history and restore (DescriptionEditor).
 */
export function DescriptionScreen({
  companyPicker,
}: {
  /**
   * The box that finds a company by symbol or name (app/ passes the site's stock search, a
   * feature of its own) and calls `onPick` with the chosen symbol.
   */
  readonly companyPicker: (props: {
    readonly label: string;
    readonly onPick: (symbol: string) => void;
  }) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const symbol = params.get(SYMBOL_PARAM) ?? '';
  return (
    <section className="admin curation" aria-labelledby="description-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/admin/settings">Settings</Link> / Descriptions
      </nav>
      <h1 id="description-title">Descriptions</h1>
      <p className="lead">
        The company descriptions the public stock pages show: plain text of {DESCRIPTION_MIN_LENGTH}{' '}
        to {LIMIT_TEXT} characters, without HTML.
      </p>
      <div className="curation-picker">
        <h2>Company</h2>
        {companyPicker({
          label: 'Company (search by symbol or name)',
          onPick: (picked) => setParams({ [SYMBOL_PARAM]: picked }),
        })}
      </div>
      {symbol ? (
        <ChosenCompany key={symbol} symbol={symbol} />
      ) : (
        <p className="muted">Choose a company to see and edit its description.</p>
      )}
    </section>
  );
}

function ChosenCompany({ symbol }: { readonly symbol: string }) {
  const profile = useQuery(profileQuery(symbol));
  return (
    <QueryState query={profile} what="company" empty={`No company has the symbol ${symbol}.`}>
      {(company) => (
        <>
          <dl className="admin-keys">
            <dt>Company</dt>
            <dd>{company.companyName}</dd>
            <dt>Symbol</dt>
            <dd>{company.symbol}</dd>
            <dt>ISIN</dt>
            <dd>{company.isin}</dd>
          </dl>
          <DescriptionEditor
            key={company.isin}
            isin={company.isin}
            symbol={company.symbol}
            name={company.companyName}
          />
        </>
      )}
    </QueryState>
  );
}
