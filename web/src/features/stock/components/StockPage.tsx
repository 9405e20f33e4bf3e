import { lazy, memo, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { companyTypeOf, type CompanyType } from '@core/market/company-type';
import { useParams } from 'react-router';
import { PRODUCT_NAME } from '../../../lib/brand';
import { PriceChart } from '../../../components/chart/PriceChart';
import { useAnalyst } from '../api/use-analyst';
import { useKeyMetricsTtm } from '../api/use-key-metrics-ttm';
import { isUnknownSymbol, useProfile } from '../api/use-profile';
import { isNoQuote, useQuote } from '../api/use-quote';
import { useRatiosTtm } from '../api/use-ratios-ttm';
import { useShariah } from '../api/use-shariah';
import { Analyst } from './Analyst';
import { CompanyProfile } from './CompanyProfile';
import { KeyStatistics } from './KeyStatistics';
import { bothQueries, QueryState, SectionError } from '../../../components/QueryState';
import { QuoteHeader } from './QuoteHeader';
import { Section } from './Section';
import { Shariah } from './Shariah';
import { StockNotFound } from './StockNotFound';
import { routeSymbol } from '../lib/route-symbol';
import { Skeleton } from '../../../components/Skeleton';
import './stock.css';

// The statements' tables, their CSV export (papaparse) and core's statement rules (with zod) are
// a chunk of their own, fetched when the section draws: the page's first chunk stays small.
const FinancialStatements = memo(
  lazy(() => import('./FinancialStatements').then((m) => ({ default: m.FinancialStatements }))),
);

// The live quote (and each refresh of it) re-renders the page for its header; the chart and the
// sections below do not depend on it, so they skip those renders (on a phone each would be a long
// task redrawing the whole page).
const StockChart = memo(PriceChart);

/** '{SYMBOL} – {name} | StockScope' while the page is shown; the previous title comes back after. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/**
 * /stocks/:symbol — everything about one company. Every section asks for its own data at once
 * (no waterfall) and loads, fails and retries on its own; only an unknown symbol replaces the page.
 */
export function StockPage({
  watchlistControl,
  onViewed,
}: {
  /** "Add to watchlist" for this symbol, composed by app/ (features stay apart). */
  readonly watchlistControl?: (symbol: string) => ReactNode;
  /** Told once the company is known, for the recently viewed stocks. */
  readonly onViewed?: (stock: { symbol: string; name: string }) => void;
} = {}) {
  const symbol = routeSymbol(useParams().symbol);
  const profile = useProfile(symbol);
  const quote = useQuote(symbol);
  // The profile's answer draws the whole page. TanStack Query hands it over in a
  // synchronous render, one long task on a phone; deferred, React draws the page as a transition,
  // in slices between frames, and keeps the placeholder until it is ready.
  const shownStatus = useDeferredValue(profile.status);
  const shown = useDeferredValue(profile.data);

  const notFound = isUnknownSymbol(profile.error, profile.data);
  const name = profile.data?.companyName;
  useDocumentTitle(
    notFound
      ? `Stock not found | ${PRODUCT_NAME}`
      : `${symbol}${name ? ` – ${name}` : ''} | ${PRODUCT_NAME}`,
  );

  useEffect(() => {
    if (!notFound && name) onViewed?.({ symbol, name });
  }, [notFound, symbol, name, onViewed]);

  if (notFound) return <StockNotFound symbol={symbol} />;

  // So that CLS stays 0, the page draws once the profile has answered. The company's name and
  // listing set the header's height (a long name wraps on a phone), so a header drawn before them
  // would move everything under it when they came. Until then, one placeholder (also for the
  // previous symbol's profile, still the deferred one for a moment after a navigation).
  if (shownStatus === 'pending' || (shown && shown.symbol.toUpperCase() !== symbol)) {
    return <StockPageLoading />;
  }

  const currency = shown?.currency;
  const price = quote.data?.price ?? shown?.price;
  // A listing the market data has no quote for (a stock just added): no price is shown, and
  // nothing stands in for one.
  const unpriced =
    shownStatus === 'success' && shown?.price === undefined && isNoQuote(quote.error);

  return (
    <article className="stock-page">
      <QuoteHeader
        symbol={symbol}
        profile={shown ?? undefined}
        quote={quote.data}
        status={
          // Without the profile there is no name for the h1: the symbol stands in.
          shownStatus === 'error' ? <SectionError what="company" query={profile} /> : undefined
        }
      />
      {watchlistControl?.(symbol)}
      {unpriced && (
        <p className="quote-note" role="status">
          This stock has no price yet: its quote and chart show once it trades.
        </p>
      )}
      {quote.status === 'error' && shownStatus === 'success' && !unpriced && (
        <div className="section-error inline" role="alert">
          <p>The live quote could not be loaded; prices shown are from the company profile.</p>
          <button
            type="button"
            className="button"
            disabled={quote.isFetching}
            onClick={() => void quote.refetch()}
          >
            Retry
          </button>
        </div>
      )}

      <Section id="chart" title="Chart">
        <StockChart
          symbol={symbol}
          {...(currency ? { currency } : {})}
          compareOptions
          priced={!unpriced}
        />
      </Section>

      {/* Below the fold: each draws (and reads its data) when scrolled near or when idle. */}
      <Section id="statistics" title="Key statistics (TTM)" deferredHeight="22rem">
        <TtmStatistics symbol={symbol} companyType={shown ? companyTypeOf(shown) : 'general'} />
      </Section>

      <Section id="financials" title="Financial statements" deferredHeight="34rem">
        <Suspense fallback={<Skeleton what="financial statements" lines={8} />}>
          <FinancialStatements symbol={symbol} />
        </Suspense>
      </Section>

      <Section id="analysts" title="Analyst ratings" deferredHeight="30rem">
        <AnalystRatings symbol={symbol} price={price} />
      </Section>

      <Section id="profile" title="Company profile" deferredHeight="16rem">
        <QueryState query={profile} what="company profile" empty="No profile is available.">
          {(p) => <CompanyProfile profile={p} />}
        </QueryState>
      </Section>

      <Section id="shariah" title="Shariah screen" deferredHeight="24rem">
        <ShariahScreen symbol={symbol} />
      </Section>
    </article>
  );
}

/**
 * The page before the profile answers: as tall as the screen, so that nothing under it (the
 * footer) shows and then moves when the page draws.
 */
function StockPageLoading() {
  return (
    <article className="stock-page stock-page-loading">
      <Skeleton what="company" lines={3} />
    </article>
  );
}

const AnalystRatings = memo(function AnalystRatings({
  symbol,
  price,
}: {
  symbol: string;
  price: number | undefined;
}) {
  const analyst = useAnalyst(symbol);
  return (
    <QueryState
      query={analyst}
      what="analyst ratings"
      empty="No analysts cover this company."
      deferred
    >
      {(a) => <Analyst analyst={a} price={price} />}
    </QueryState>
  );
});

const ShariahScreen = memo(function ShariahScreen({ symbol }: { symbol: string }) {
  const shariah = useShariah(symbol);
  return (
    <QueryState
      query={shariah}
      what="Shariah screen"
      empty="No Shariah screening data is available for this company."
      deferred
    >
      {(s) => <Shariah screen={s} />}
    </QueryState>
  );
});

const TtmStatistics = memo(function TtmStatistics({
  symbol,
  companyType,
}: {
  symbol: string;
  companyType: CompanyType;
}) {
  const ratios = useRatiosTtm(symbol);
  const metrics = useKeyMetricsTtm(symbol);
  return (
    <QueryState
      query={bothQueries(ratios, metrics)}
      what="key statistics"
      empty="No trailing-twelve-month figures are available yet."
      lines={6}
      deferred
    >
      {([r, m]) => <KeyStatistics ratios={r} metrics={m} companyType={companyType} />}
    </QueryState>
  );
});
