import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  EMPTY_FILTERS,
  EXCHANGE_SUGGESTIONS,
  filtersFromParams,
  filtersToParams,
  MARKET_CAP_BANDS,
  SECTORS,
  validateFilters,
  type FilterErrors,
  type ScreenerFilters,
} from '../lib/screener-filters';
import { useScreener } from '../api/screener-query';
import { ScreenerResults } from './ScreenerResults';
import './screener.css';

/**
 * The screener shared by /screener, /analysis and /calender (and the admin's copies): filters over
 * GET /api/asset/stocks/search, kept in the URL so a result can be shared or bookmarked.
 */
export function ScreenerScreen() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFromParams(params);
  const [draft, setDraft] = useState<ScreenerFilters>(applied);
  const appliedErrors = validateFilters(applied);
  const appliedValid = Object.keys(appliedErrors).length === 0;
  // A shared or bookmarked address may carry filters the API would refuse: say why at once.
  const [errors, setErrors] = useState<FilterErrors>(appliedErrors);
  const results = useScreener(applied, appliedValid);
  const id = useId();

  const set = (key: keyof ScreenerFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFilters(draft);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setParams(filtersToParams(draft));
  };

  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setErrors({});
    setParams(new URLSearchParams());
  };

  const field = (
    key: keyof ScreenerFilters,
    label: string,
    extra: { inputMode?: 'decimal'; list?: string; placeholder?: string } = {},
  ) => {
    const error = errors[key];
    return (
      <div className="screener-field">
        <label htmlFor={`${id}-${key}`}>{label}</label>
        <input
          id={`${id}-${key}`}
          value={draft[key]}
          onChange={(event) => set(key)(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${key}-error` : undefined}
          {...extra}
        />
        {error && (
          <p id={`${id}-${key}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="screener" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Stock screener</h1>
      <p className="lead">
        Filter the stock universe by sector, exchange, market cap, price and dividend. Select a
        symbol to open its quote, charts and statements.
      </p>
      <form className="screener-form" noValidate onSubmit={submit} aria-label="Screener filters">
        {field('query', 'Symbol or company', { placeholder: 'e.g. ACME' })}
        <div className="screener-field">
          <label htmlFor={`${id}-sector`}>Sector</label>
          <select
            id={`${id}-sector`}
            value={draft.sector}
            onChange={(event) => set('sector')(event.target.value)}
          >
            <option value="">Any sector</option>
            {SECTORS.map((sector) => (
              <option key={sector}>{sector}</option>
            ))}
          </select>
        </div>
        {field('exchange', 'Exchange', { list: `${id}-exchanges`, placeholder: 'Any exchange' })}
        <datalist id={`${id}-exchanges`}>
          {EXCHANGE_SUGGESTIONS.map((exchange) => (
            <option key={exchange} value={exchange} />
          ))}
        </datalist>
        <div className="screener-field">
          <label htmlFor={`${id}-marketCap`}>Market cap</label>
          <select
            id={`${id}-marketCap`}
            value={draft.marketCap}
            onChange={(event) => set('marketCap')(event.target.value)}
          >
            <option value="">Any size</option>
            {Object.entries(MARKET_CAP_BANDS).map(([key, band]) => (
              <option key={key} value={key}>
                {band.label}
              </option>
            ))}
          </select>
        </div>
        {field('priceMin', 'Price above', { inputMode: 'decimal' })}
        {field('priceMax', 'Price below', { inputMode: 'decimal' })}
        {field('dividendMin', 'Annual dividend above', { inputMode: 'decimal' })}
        <div className="screener-actions">
          <button type="submit" className="button primary">
            Apply filters
          </button>
          <button type="button" className="button" onClick={reset}>
            Clear
          </button>
        </div>
      </form>
      {appliedValid ? (
        <ScreenerResults results={results} />
      ) : (
        <p role="alert" className="notice">
          The filters in this address are not valid. Correct them above and apply them again.
        </p>
      )}
    </section>
  );
}
