import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type * as z from 'zod';
import { EXCHANGES } from '@core/market/exchanges';
import { SaveButton } from '../../../components/SaveButton';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';

export interface StockFieldSpec<T> {
  readonly name: Path<T>;
  readonly label: string;
  readonly hint?: string;
  readonly kind?: 'text' | 'number' | 'exchange';
}

/**
 * The stock form of the add and detail screens: labelled inputs checked with core's schema
 * (errors after the field is touched, §5), a leave guard, Save.
 */
export function StockForm<T extends FieldValues>({
  schema,
  fields,
  defaults,
  readOnly,
  pending,
  onSave,
  onExchange,
}: {
  readonly schema: z.ZodType<T>;
  readonly fields: readonly StockFieldSpec<T>[];
  readonly defaults: T;
  readonly readOnly: boolean;
  readonly pending: boolean;
  readonly onSave: (values: T, reset: (values: T) => void) => void;
  /** The exchange picked: the add screen defaults the currency and country from it. */
  readonly onExchange?: (shortName: string, set: (name: Path<T>, value: string) => void) => void;
}) {
  const form = useForm<T>({
    mode: 'onTouched',
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults as never,
  });
  const prefix = useId();
  const dirty = !readOnly && form.formState.isDirty;
  const submit = form.handleSubmit((values) => onSave(values, (next) => form.reset(next as never)));
  return (
    <form onSubmit={submit} noValidate className="stock-form">
      <UnsavedChangesGuard when={dirty && !pending} />
      <fieldset disabled={readOnly}>
        {fields.map(({ name, label, hint, kind = 'text' }) => {
          const id = `${prefix}-${name}`;
          const error = (form.formState.errors as Record<string, { message?: string } | undefined>)[
            name
          ]?.message;
          const note = error ?? hint;
          const described = note ? `${id}-note` : undefined;
          return (
            <div className="field" key={name}>
              <label htmlFor={id}>{label}</label>
              {kind === 'exchange' ? (
                <select
                  id={id}
                  aria-describedby={described}
                  {...form.register(name, {
                    onChange: (event: { target: { value: string } }) =>
                      onExchange?.(event.target.value, (field, value) =>
                        form.setValue(field, value as never, { shouldDirty: true }),
                      ),
                  })}
                >
                  <option value="">Choose an exchange</option>
                  {EXCHANGES.map((exchange) => (
                    <option key={exchange.shortName} value={exchange.shortName}>
                      {exchange.shortName} — {exchange.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  inputMode={kind === 'number' ? 'numeric' : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described}
                  {...form.register(name, kind === 'number' ? { valueAsNumber: true } : {})}
                />
              )}
              {note ? (
                <span id={described} className={error ? 'field-error' : 'field-hint'}>
                  {note}
                </span>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      {readOnly ? null : <SaveButton dirty={dirty} pending={pending} />}
    </form>
  );
}
