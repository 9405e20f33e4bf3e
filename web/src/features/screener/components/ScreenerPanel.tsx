import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { formatCompact, formatCount } from '@core/format';
import { EXCHANGES } from '@core/market/exchanges';
import { CURRENCIES, CURRENCY_NAMES, type Currency } from '@core/market/fx';
import { SHARIAH_STANDARD_NAMES } from '@core/market/shariah';
import {
  SCREENABLE_SHARIAH_STANDARDS,
  screenQuery,
  type ScreenSortField,
} from '@core/market/stock-screen';
import { verdictStandardText } from '@core/shariah-preference';
import { EXPORTS_FEATURE_NAME, entitlementsOf } from '@core/subscription';
import type { SortState } from '../../../components/data-table/sort-rows';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { useNow } from '../../../hooks/use-now';
import { useAuth } from '../../../lib/auth/auth-context';
import { downloadText } from '../../../lib/download-text';
import { useShariahStandard } from '../../../lib/shariah-standard';
import { fetchAllMatches, useScreenPage } from '../api/screen-query';
import { screenCsv } from '../lib/screen-csv';
import {
  EMPTY_FILTERS,
  filterErrors,
  filterParams,
  filterValues,
  marketCapBands,
  readScreenParams,
  SECTORS,
  toSearch,
  type FilterKey,
  type FilterValues,
} from '../lib/screen-params';
import { SavedScreens } from './SavedScreens';
import { ScreenTable, type RowAction } from './ScreenTable';
import './screener.css';

/** The form checks itself with the API's own schema (core), field by field. */
const resolver: Resolver<FilterValues> = (values) => {
  const errors = filterErrors(values);
  const entries = Object.entries(errors);
  return entries.length === 0
    ? { values, errors: {} }
    : {
        values: {},
        errors: Object.fromEntries(
          entries.map(([key, message]) => [key, { type: 'validate', message }]),
        ),
      };
};

const COUNTRIES = [...new Set(EXCHANGES.map((e) => e.country))].sort();

const RANGES: readonly [string, string, string][] = [
  ['marketCap', 'Market cap', 'in the screen’s currency'],
  ['price', 'Price', 'in the screen’s currency'],
  ['pe', 'P/E', ''],
  ['pb', 'P/B', ''],
  ['dividendYield', 'Dividend yield %', ''],
  ['roe', 'ROE %', ''],
  ['debtToEquity', 'Debt/equity', ''],
  ['beta', 'Beta', ''],
  ['volume', 'Volume', ''],
];

/**
 * The screener: filters over every stock, sorted and paged by the server with the true count, in
 * the currency the user picks. The address holds the whole screen, so it can be shared.
 */
export function ScreenerPanel({ rowAction }: { readonly rowAction?: RowAction } = {}) {
  const [search, setSearch] = useSearchParams();
  const params = readScreenParams(search);
  const parsed = screenQuery.safeParse(params);
  const page = useScreenPage(params, parsed.success);
  const id = useId();
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  // CSV exports are Premium's (core ENTITLEMENTS.exports). The rows come from the public screener
  // API page by page, so there is no export route for the server to refuse: the gate is here.
  const { state } = useAuth();
  const shown = useShariahStandard();
  const now = useNow();
  const mayExport = state.isAuthenticated && entitlementsOf(state.subscription, now).exports;
  const form = useForm<FilterValues>({
    defaultValues: filterValues(params),
    resolver,
    shouldFocusError: true,
  });
  const { register, handleSubmit, reset, setValue, watch, formState } = form;
  const searchText = search.toString();
  // Back and forward change the address: the form follows it.
  useEffect(() => {
    reset(filterValues(readScreenParams(new URLSearchParams(searchText))));
  }, [searchText, reset]);

  const query = parsed.success ? parsed.data : undefined;
  const currency = (watch('currency') || 'USD') as Currency;
  const shownCurrency = query?.currency ?? 'USD';
  // The bands convert at the rates the server screens with: none offered before its first answer.
  const rates = page.data?.rates;
  const bands = rates ? marketCapBands(currency, rates) : [];
  const band =
    bands.find(
      (b) => (b.min ?? '') === watch('marketCapMin') && (b.max ?? '') === watch('marketCapMax'),
    )?.key ?? '';

  const apply = (values: FilterValues) =>
    setSearch(toSearch({ ...filterParams(values), ...view() }));
  const view = () => ({
    ...(params.sort ? { sort: params.sort } : {}),
    ...(params.order ? { order: params.order } : {}),
    ...(params.limit ? { limit: params.limit } : {}),
  });
  const go = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
  };

  const sort: SortState = {
    key: query?.sort ?? 'marketCap',
    direction: (query?.order ?? 'desc') === 'asc' ? 'ascending' : 'descending',
  };
  const onSort = (next: SortState) =>
    go({
      sort: next.key as ScreenSortField,
      order: next.direction === 'ascending' ? 'asc' : 'desc',
      offset: undefined,
    });

  const exportCsv = async () => {
    if (!query) return;
    setExporting('busy');
    try {
      const rows = await fetchAllMatches(params);
      downloadText(`screen-${query.currency}.csv`, screenCsv(rows, query.currency));
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  const field = (key: FilterKey, label: string, hint = '') => {
    const error = formState.errors[key]?.message;
    return (
      <div className="screener-field" key={key}>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        <input
          id={`${id}-${key}`}
          inputMode="decimal"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${key}-error` : hint ? `${id}-${key}-hint` : undefined}
          {...register(key)}
        />
        {hint && !error && (
          <span id={`${id}-${key}-hint`} className="visually-hidden">
            {hint}
          </span>
        )}
        {error && (
          <p id={`${id}-${key}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  const select = (
    key: FilterKey,
    label: string,
    options: readonly [string, string][],
    any: string,
  ) => (
    <div className="screener-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} {...register(key)}>
        <option value="">{any}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );

  const data = page.data;
  const total = data?.total ?? 0;
  const from = data && total > 0 ? data.offset + 1 : 0;
  const to = data ? data.offset + data.data.length : 0;

  return (
    <div className="screener">
      <p className="lead">
        Filter every stock by market, size, valuation, income and Shariah screen. Market cap and
        price bounds are in the currency you pick; each listing&apos;s price is shown in its own.
      </p>
      <form
        className="screener-form"
        noValidate
        aria-label="Screener filters"
        onSubmit={(event) => void handleSubmit(apply)(event)}
      >
        <div className="screener-field">
          <label htmlFor={`${id}-query`}>Symbol or company</label>
          <input id={`${id}-query`} {...register('query')} />
        </div>
        {select(
          'exchange',
          'Exchange',
          EXCHANGES.map((e) => [e.shortName, e.shortName]),
          'Any exchange',
        )}
        {select(
          'country',
          'Country',
          COUNTRIES.map((c) => [c, c]),
          'Any country',
        )}
        {select(
          'sector',
          'Sector',
          SECTORS.map((s) => [s, s]),
          'Any sector',
        )}
        <div className="screener-field">
          <label htmlFor={`${id}-industry`}>Industry</label>
          <input id={`${id}-industry`} {...register('industry')} />
        </div>
        <div className="screener-field">
          <label htmlFor={`${id}-currency`}>Currency</label>
          <select id={`${id}-currency`} {...register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c === 'USD' ? '' : c}>
                {c} – {CURRENCY_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="screener-field">
          <label htmlFor={`${id}-band`}>Market cap band</label>
          <select
            id={`${id}-band`}
            value={band}
            disabled={!rates}
            onChange={(event) => {
              const chosen = bands.find((b) => b.key === event.target.value);
              setValue('marketCapMin', chosen?.min ?? '');
              setValue('marketCapMax', chosen?.max ?? '');
            }}
          >
            <option value="">Any size, or the bounds below</option>
            {bands.map((b) => (
              <option key={b.key} value={b.key}>
                {b.label} ({b.min ? formatCompact(Number(b.min)) : '0'}
                {b.max ? `–${formatCompact(Number(b.max))}` : '+'} {currency})
              </option>
            ))}
          </select>
        </div>
        {select(
          'shariah',
          'Shariah-compliant by',
          SCREENABLE_SHARIAH_STANDARDS.map((s) => [s, SHARIAH_STANDARD_NAMES[s]]),
          'No Shariah filter',
        )}
        {RANGES.flatMap(([key, label, hint]) => [
          field(`${key}Min` as FilterKey, `${label} from`, hint),
          field(`${key}Max` as FilterKey, `${label} to`, hint),
        ])}
        <div className="screener-actions">
          <button type="submit" className="button primary">
            Apply filters
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              reset(EMPTY_FILTERS);
              setSearch(new URLSearchParams());
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <SavedScreens current={params} onOpen={(saved) => setSearch(toSearch(saved))} />
      {!parsed.success ? (
        <p role="alert" className="notice">
          The screen in this address is not valid ({parsed.error.issues[0]?.message}). Correct the
          filters above and apply them again.
        </p>
      ) : page.status === 'error' ? (
        <p role="alert" className="notice">
          The screener could not be loaded.{' '}
          <button type="button" className="button" onClick={() => void page.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <div className="screener-summary">
            <p role="status" className="muted">
              {page.status === 'pending'
                ? 'Loading stocks…'
                : total === 0
                  ? 'No stocks match this screen.'
                  : `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)} ${total === 1 ? 'stock' : 'stocks'}, market cap in ${shownCurrency}`}
            </p>
            {shown && total > 0 && (
              <p className="muted">{verdictStandardText(shown.standard, shown.source)}</p>
            )}
            {total > 0 && !mayExport && (
              <UpgradePrompt reason={{ kind: 'premium-only', feature: EXPORTS_FEATURE_NAME }} />
            )}
            {total > 0 && mayExport && (
              <button
                type="button"
                className="button"
                onClick={() => void exportCsv()}
                disabled={exporting === 'busy'}
              >
                {exporting === 'busy' ? 'Exporting…' : `Export all ${formatCount(total)} as CSV`}
              </button>
            )}
            {exporting === 'failed' && (
              <p role="alert" className="field-error">
                The export failed; try again.
              </p>
            )}
          </div>
          {data && data.data.length > 0 && (
            <>
              <ScreenTable
                rows={data.data}
                currency={shownCurrency}
                sort={sort}
                onSort={onSort}
                rowAction={rowAction}
                standard={shown?.standard}
              />
              <nav className="screener-pages" aria-label="Result pages">
                <button
                  type="button"
                  className="button"
                  disabled={data.offset === 0}
                  onClick={() => go({ offset: String(Math.max(0, data.offset - data.limit)) })}
                >
                  Previous page
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={to >= total}
                  onClick={() => go({ offset: String(data.offset + data.limit) })}
                >
                  Next page
                </button>
              </nav>
            </>
          )}
        </>
      )}
    </div>
  );
}
