import { useId, useState, type FormEvent } from 'react';
import type { AlertCondition, AlertKind } from '@core/alerts';
import { useCreateAlert } from '../api/alerts';

const KIND_LABELS: Readonly<Record<AlertKind, string>> = {
  above: 'Price at or above',
  below: 'Price at or below',
  dayMove: 'Moves in a day by',
  yearHigh: 'New 52-week high',
  yearLow: 'New 52-week low',
};

/** The condition the form's fields describe (numbers as typed; the server validates them). */
function conditionOf(kind: AlertKind, value: string, direction: 'up' | 'down'): AlertCondition {
  switch (kind) {
    case 'above':
    case 'below':
      return { kind, price: Number(value) };
    case 'dayMove':
      return { kind, percent: Number(value), direction };
    default:
      return { kind };
  }
}

/** A new alert: the symbol, what to watch for and, where the kind needs one, the threshold. */
export function AlertForm({ disabled }: { readonly disabled: boolean }) {
  const create = useCreateAlert();
  const [symbol, setSymbol] = useState('');
  const [kind, setKind] = useState<AlertKind>('above');
  const [value, setValue] = useState('');
  const [direction, setDirection] = useState<'up' | 'down'>('up');
  const needsValue = kind === 'above' || kind === 'below' || kind === 'dayMove';
  const errorId = useId();
  // The server names the field it refuses ("symbol: … is not a listed stock"): mark that input.
  const symbolRefused = create.error?.message.startsWith('symbol:') ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { symbol: symbol.trim(), condition: conditionOf(kind, value, direction) },
      {
        onSuccess: () => {
          setSymbol('');
          setValue('');
        },
      },
    );
  };

  return (
    <form className="alert-form" onSubmit={submit} aria-label="New price alert">
      <label>
        Symbol
        <input
          value={symbol}
          onChange={(e) => setSymbol(e.target.value)}
          required
          maxLength={20}
          autoCapitalize="characters"
          aria-invalid={symbolRefused || undefined}
          aria-describedby={symbolRefused ? errorId : undefined}
        />
      </label>
      <label>
        Alert when
        <select value={kind} onChange={(e) => setKind(e.target.value as AlertKind)}>
          {Object.entries(KIND_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {kind === 'dayMove' && (
        <label>
          Direction
          <select value={direction} onChange={(e) => setDirection(e.target.value as 'up' | 'down')}>
            <option value="up">up</option>
            <option value="down">down</option>
          </select>
        </label>
      )}
      {needsValue && (
        <label>
          {kind === 'dayMove' ? 'Percent' : 'Price'}
          <input
            type="number"
            inputMode="decimal"
            step="any"
            min="0"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
          />
        </label>
      )}
      <button type="submit" disabled={disabled || create.isPending}>
        Create alert
      </button>
      {create.error && (
        <p role="alert" className="alert-error" id={errorId}>
          {create.error.message}
        </p>
      )}
    </form>
  );
}
