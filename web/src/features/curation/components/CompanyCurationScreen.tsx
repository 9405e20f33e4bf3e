import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { CompanyProfile } from '@core/market/types';
import { QueryState } from '../../../components/QueryState';
import { profileQuery } from '../../../lib/stock-queries';
import '../../../components/admin.css';
import './curation.css';
import { AllowedLink } from '../../../components/AllowedLink';

/** The chosen company travels in the address (?symbol=…): a reload or a shared link keeps it. */
const SYMBOL_PARAM = 'symbol';

/** The box that finds a company by symbol or name and calls `onPick` with its symbol. */
export type CompanyPicker = (props: {
  readonly label: string;
  readonly onPick: (symbol: string) => void;
}) => ReactNode;

/**
 * A settings screen about one company at a time (descriptions, analyst data, Shariah inputs):
 * the breadcrumb and title, the company picker (app/ passes the site's stock search, a feature
 * of its own), and once a company is chosen its name, symbol and ISIN above `children`.
 */
export function CompanyCurationScreen({
  id,
  title,
  lead,
  nothingChosen,
  companyPicker,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  readonly id: string;
  readonly title: string;
  readonly lead: ReactNode;
  readonly nothingChosen: string;
  readonly companyPicker: CompanyPicker;
  readonly children: (company: CompanyProfile) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const symbol = params.get(SYMBOL_PARAM) ?? '';
  return (
    <section className="admin curation" aria-labelledby={id}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <AllowedLink to="/admin/settings">Settings</AllowedLink> / {title}
      </nav>
      <h1 id={id}>{title}</h1>
      <p className="lead">{lead}</p>
      <div className="curation-picker">
        <h2>Company</h2>
        {companyPicker({
          label: 'Company (search by symbol or name)',
          onPick: (picked) => setParams({ [SYMBOL_PARAM]: picked }),
        })}
      </div>
      {symbol ? (
        <ChosenCompany key={symbol} symbol={symbol}>
          {children}
        </ChosenCompany>
      ) : (
        <p className="muted">{nothingChosen}</p>
      )}
    </section>
  );
}

function ChosenCompany({
  symbol,
  children,
}: {
  readonly symbol: string;
  readonly children: (company: CompanyProfile) => ReactNode;
}) {
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
          {children(company)}
        </>
      )}
    </QueryState>
  );
}
