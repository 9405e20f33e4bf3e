import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CURRENCIES } from '@core/market/fx';
import { TRANSACTION_TYPES } from '@core/portfolio/transactions';
import type { TransactionEntry } from '@core/portfolios';
import { TYPE_LABELS } from '../lib/transaction-cells';
import {
  FIELD_LABELS,
  FIELDS_OF,
  transactionResolver,
  type TransactionField,
  type TransactionFormValues,
} from '../lib/transaction-form';

const HINTS: Partial<Record<TransactionField, string>> = {
  amount: 'For a dividend: the cash received, after tax.',
  ratio: '4 for a 4-for-1 split, 0.1 for 1-for-10.',
};

/**
 * One transaction, entered or edited: the fields its type uses, checked with the API's schema as
 * they are left and on submit (the first wrong one takes the focus).
 */
export function TransactionForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  readonly initial: TransactionFormValues;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly onSubmit: (entry: TransactionEntry, reset: () => void) => void;
  readonly onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<TransactionFormValues, unknown, TransactionEntry>({
    mode: 'onTouched',
    resolver: transactionResolver,
    defaultValues: initial,
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const { errors } = form.formState;
  const field = (name: TransactionField | 'date') => {
    const error = errors[name]?.message;
    const hint = name === 'date' ? undefined : HINTS[name];
    const described = [error && `${id}-${name}-error`, hint && `${id}-${name}-hint`]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="transaction-field" key={name}>
        <label htmlFor={`${id}-${name}`}>{FIELD_LABELS[name]}</label>
        <input
          id={`${id}-${name}`}
          type={name === 'date' ? 'date' : 'text'}
          inputMode={name === 'date' || name === 'symbol' ? undefined : 'decimal'}
          autoComplete="off"
          {...form.register(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        {hint && (
          <span id={`${id}-${name}-hint`} className="muted">
            {hint}
          </span>
        )}
        {error && (
          <span id={`${id}-${name}-error`} className="portfolio-error">
            {error}
          </span>
        )}
      </div>
    );
  };
  return (
    <form
      className="transaction-form"
      noValidate
      onSubmit={form.handleSubmit((entry) => onSubmit(entry, () => form.reset(initial)))}
    >
      <div className="transaction-field">
        <label htmlFor={`${id}-type`}>{FIELD_LABELS.type}</label>
        <select id={`${id}-type`} {...form.register('type')}>
          {TRANSACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {field('date')}
      {FIELDS_OF[type].map(field)}
      {type !== 'split' && (
        <div className="transaction-field">
          <label htmlFor={`${id}-currency`}>{FIELD_LABELS.currency}</label>
          <select id={`${id}-currency`} {...form.register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
      )}
      <div className="transaction-buttons">
        <button type="submit" className="button primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
