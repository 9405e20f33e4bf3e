import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PRODUCT_NAME } from '../../app/brand';
import { ApiError } from '../../lib/api-client';
import { PriceChart } from '../chart/PriceChart';
import { Analyst } from './components/Analyst';
import { CompanyProfile } from './components/CompanyProfile';
import { KeyStatistics } from './components/KeyStatistics';
import { QueryContent, Section } from './components/Section';
import { QuoteHeader } from './components/QuoteHeader';
import { Shariah } from './components/Shariah';
import { Statements } from './components/Statements';
import {
  analystQuery,
  metricsQuery,
  profileQuery,
  quoteQuery,
  ratiosQuery,
  shariahQuery,
} from './queries';
import './stock.css';

/** /stocks/:symbol — everything about one company; each section loads and fails on its own. */
export function StockPage() {
  const symbol = decodeURIComponent(useParams().symbol ?? '').toUpperCase();
  const profile = useQuery(profileQuery(symbol));
  const quote = useQuery(quoteQuery(symbol));
  const ratios = useQuery(ratiosQuery(symbol));
  const metrics = useQuery(metricsQuery(symbol));
  const analyst = useQuery(analystQuery(symbol));
  const shariah = useQuery(shariahQuery(symbol));

  const name = profile.data?.companyName;
  useEffect(() => {
    document.title = name ? `${symbol} – ${name} | ${PRODUCT_NAME}` : `${symbol} | ${PRODUCT_NAME}`;
  }, [symbol, name]);

  const notFound =
    (profile.error instanceof ApiError &&
      (profile.error.status === 404 || profile.error.status === 400)) ||
    (profile.isSuccess && profile.data === null);
  if (notFound) {
    return (
      <div className="stock-not-found">
        <h1>Stock not found</h1>
        <p>We could not find the stock "{symbol}".</p>
        <p>
          Check the symbol, search for the company in the box above, or go back to the{' '}
          <Link to="/home">markets overview</Link>.
        </p>
      </div>
    );
  }

  return (
    <article className="stock-page">
      {profile.isPending ? (
        <div
          className="skeleton quote-skeleton"
          role="status"
          aria-busy="true"
          aria-label="Loading quote"
        >
          <span className="skeleton-line wide" />
          <span className="skeleton-line" />
        </div>
      ) : profile.isError ? (
        <div className="section-error" role="alert">
          <h1>{symbol}</h1>
          <p>The company could not be loaded: {profile.error.message}</p>
          <button type="button" className="button" onClick={() => void profile.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        profile.data && <QuoteHeader profile={profile.data} quote={quote.data ?? null} />
      )}

      <Section id="chart" title="Chart">
        <PriceChart
          symbol={symbol}
          label={symbol}
          {...(profile.data ? { currency: profile.data.currency } : {})}
          compareOptions
        />
      </Section>

      <Section id="statistics" title="Key statistics (TTM)">
        <QueryContent query={ratios} empty="No trailing-twelve-month figures yet.">
          {(r) => (
            <QueryContent query={metrics} empty="No trailing-twelve-month figures yet.">
              {(m) => <KeyStatistics ratios={r} metrics={m} />}
            </QueryContent>
          )}
        </QueryContent>
      </Section>

      <Section id="financials" title="Financial statements">
        <Statements symbol={symbol} currency={profile.data?.currency ?? ''} />
      </Section>

      <Section id="analysts" title="Analyst ratings">
        <QueryContent query={analyst} empty="No analysts cover this company.">
          {(a) => <Analyst analyst={a} price={quote.data?.price} />}
        </QueryContent>
      </Section>

      <Section id="shariah" title="Shariah screen">
        <QueryContent query={shariah} empty="No Shariah screening data for this company.">
          {(s) => <Shariah screen={s} />}
        </QueryContent>
      </Section>

      <Section id="profile" title="Company profile">
        <QueryContent query={profile} empty="No profile.">
          {(p) => <CompanyProfile profile={p} />}
        </QueryContent>
      </Section>
    </article>
  );
}
