import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod';
import { EXCHANGES } from '@core/market/exchanges';
import { SaveButton } from '../../../components/SaveButton';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { STOCK_LABELS, type StockFieldSpec } from '../lib/stock-form';
import { labelledResolver } from '../../../lib/user-words';

/**
 * The stock form's state, checked with core's schema (errors after the field is touched, §5).
 * The screen holds it: a restore or a reload after a conflict sets what the form starts from.
 */
export function useStockForm<T extends FieldValues>(schema: z.ZodType<T>, defaults: T) {
  return useForm<T>({
    mode: 'onTouched',
    resolver: labelledResolver(zodResolver(schema as never), STOCK_LABELS) as never,
    defaultValues: defaults as never,
  });
}

/** The stock form of the add and detail screens: labelled inputs, a leave guard, Save. */
export function StockForm<T extends FieldValues>({
  form,
  fields,
  readOnly,
  pending,
  onSave,
  onExchange,
}: {
  readonly form: UseFormReturn<T>;
  readonly fields: readonly StockFieldSpec<T>[];
  readonly readOnly: boolean;
  readonly pending: boolean;
  readonly onSave: (values: T) => void;
  /** The exchange picked: the add screen defaults the currency and country from it. */
  readonly onExchange?: (shortName: string, set: (name: Path<T>, value: string) => void) => void;
}) {
  const prefix = useId();
  const dirty = !readOnly && form.formState.isDirty;
  const submit = form.handleSubmit((values) => onSave(values));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="stock-form">
      <UnsavedChangesGuard when={dirty && !pending} />
      <fieldset disabled={readOnly}>
        {fields.map(({ name: fieldName, label, hint, kind = 'text' }) => {
          const name = fieldName as Path<T>;
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
