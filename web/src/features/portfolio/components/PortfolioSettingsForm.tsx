import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPortfolioBody } from '@core/api/portfolios';
import { CURRENCIES } from '@core/market/fx';
import { DEFAULT_INDEX_SYMBOL, MARKET_INDEXES } from '@core/market/indexes';
import type { PortfolioView } from '@core/portfolios';
import type * as z from 'zod';

type Settings = z.output<typeof createPortfolioBody>;
type SettingsInput = z.input<typeof createPortfolioBody>;

/** A portfolio's name, currency and benchmark, checked with the API's own schema. */
export function PortfolioSettingsForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  readonly initial?: Pick<PortfolioView, 'name' | 'currency' | 'benchmark'>;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly onSubmit: (values: Settings) => void;
  readonly onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<SettingsInput, unknown, Settings>({
    mode: 'onTouched',
    resolver: zodResolver(createPortfolioBody),
    defaultValues: initial
      ? {
          name: initial.name,
          currency: initial.currency,
          // Stored through the same schema: always one of its indexes.
          benchmark: initial.benchmark as Settings['benchmark'],
        }
      : { name: '', currency: 'USD', benchmark: DEFAULT_INDEX_SYMBOL },
  });
  const nameError = form.formState.errors.name?.message;
  return (
    <form className="portfolio-settings" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <label>
        Name{' '}
        <input
          {...form.register('name')}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name` : undefined}
        />
      </label>
      {nameError && (
        <span id={`${id}-name`} className="portfolio-error">
          {nameError}
        </span>
      )}
      <label>
        Currency{' '}
        <select {...form.register('currency')}>
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label>
        Benchmark{' '}
        <select {...form.register('benchmark')}>
          {MARKET_INDEXES.map((index) => (
            <option key={index.symbol} value={index.symbol}>
              {index.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button primary" disabled={busy}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
