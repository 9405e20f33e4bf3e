import { useId } from 'react';
import { get, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  BUSINESS_ACTIVITIES,
  BUSINESS_ACTIVITY_TEXT,
  SHARIAH_VERDICTS,
  type ShariahInput,
} from '@core/curation/shariah';
import { formatPercent } from '@core/format';
import { VERDICT_TEXT } from '@core/market/shariah';
import type { ShariahInputs } from '@core/market/types';
import { Field } from './Field';
import {
  OPTIONAL_FIGURES,
  optionalAmount,
  sourcesTotal,
  type ShariahForm,
} from '../lib/shariah-form';
import { ScrollingTable } from '../../../components/ScrollingTable';

type Form = UseFormReturn<ShariahForm, unknown, ShariahInput>;

const errorAt = (form: Form, path: string): string | undefined =>
  (get(form.formState.errors, path) as { message?: string } | undefined)?.message;
const amountText = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The Shariah inputs' fields: activity, securities, curated figures, revenue split, override. */
export function ShariahFields({
  form,
  currency,
  stored,
}: {
  readonly form: Form;
  readonly currency: string;
  readonly stored: ShariahInputs | null;
}) {
  const { register } = form;
  const number = { valueAsNumber: true } as const;
  const optional = { setValueAs: optionalAmount } as const;
  const overrideOn = useWatch({ control: form.control, name: 'overrideOn' });
  return (
    <>
      <fieldset className="curation-fields">
        <legend>Business and balance sheet</legend>
        <p className="muted small">Amounts in the reporting currency ({currency}), whole units.</p>
        <Field label="Business activity" error={errorAt(form, 'businessActivity')}>
          <select {...register('businessActivity')}>
            {BUSINESS_ACTIVITIES.map((activity) => (
              <option key={activity} value={activity}>
                {BUSINESS_ACTIVITY_TEXT[activity]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Interest-bearing securities"
          error={errorAt(form, 'interestBearingSecurities')}
        >
          <input
            type="number"
            min={0}
            step="any"
            {...register('interestBearingSecurities', number)}
          />
        </Field>
        <Field label="As of" error={errorAt(form, 'asOf')} hint="The date the figures are as of.">
          <input type="date" {...register('asOf')} />
        </Field>
        {OPTIONAL_FIGURES.map(([key, label]) => (
          <Field
            key={key}
            label={`${label} (optional)`}
            error={errorAt(form, key)}
            hint="Empty: the latest balance sheet’s figure is used."
          >
            <input type="number" min={0} step="any" {...register(key, optional)} />
          </Field>
        ))}
      </fieldset>
      <RevenueSplit form={form} stored={stored} />
      <fieldset>
        <legend>Reviewer’s verdict</legend>
        <label className="checkbox">
          <input type="checkbox" {...register('overrideOn')} /> Override the computed verdict
        </label>
        <p className="muted small">
          The public stock page shows the reviewer’s verdict with its reason and review date beside
          the computed verdicts, never instead of them.
        </p>
        {overrideOn && (
          <div className="curation-fields">
            <Field label="Verdict" error={errorAt(form, 'override.verdict')}>
              <select {...register('override.verdict')}>
                {SHARIAH_VERDICTS.map((verdict) => (
                  <option key={verdict} value={verdict}>
                    {VERDICT_TEXT[verdict]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Review date" error={errorAt(form, 'override.reviewedOn')}>
              <input type="date" {...register('override.reviewedOn')} />
            </Field>
            <Field
              label="Reason"
              error={errorAt(form, 'override.reason')}
              hint="Plain text, 10 to 1,000 characters: shown on the public page."
            >
              <textarea rows={3} className="admin-input" {...register('override.reason')} />
            </Field>
          </div>
        )}
        {overrideOn && stored?.override?.reviewer && (
          <p className="muted small">Last reviewed by {stored.override.reviewer}.</p>
        )}
      </fieldset>
    </>
  );
}

/** Permissible and non-permissible revenue, and the sources that make up the non-permissible part. */
function RevenueSplit({
  form,
  stored,
}: {
  readonly form: Form;
  readonly stored: ShariahInputs | null;
}) {
  const { register } = form;
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'revenueSplit.sources',
  });
  const split = useWatch({ control: form.control, name: 'revenueSplit' });
  const listed = sourcesTotal(split?.sources);
  const nonPermissible = Number(split?.nonPermissible);
  const sumId = useId();
  // A rule about the whole list: the resolver files it under the field array's root.
  const sourcesError =
    errorAt(form, 'revenueSplit.sources.root') ?? errorAt(form, 'revenueSplit.sources');
  const number = { valueAsNumber: true } as const;
  return (
    <fieldset>
      <legend>Revenue split</legend>
      {stored && !stored.revenueSplit && (
        <p className="muted small">
          The current inputs give only the non-permissible share,{' '}
          {formatPercent(stored.nonPermissibleRevenueShare, { ratio: true })}: enter the split to
          replace it.
        </p>
      )}
      <div className="curation-fields">
        <Field label="Permissible revenue" error={errorAt(form, 'revenueSplit.permissible')}>
          <input
            type="number"
            min={0}
            step="any"
            {...register('revenueSplit.permissible', number)}
          />
        </Field>
        <Field label="Non-permissible revenue" error={errorAt(form, 'revenueSplit.nonPermissible')}>
          <input
            type="number"
            min={0}
            step="any"
            {...register('revenueSplit.nonPermissible', number)}
          />
        </Field>
      </div>
      <div className="curation-rows">
        <h3>Sources of the non-permissible revenue</h3>
        {fields.length === 0 ? (
          <p className="muted">No sources listed.</p>
        ) : (
          <ScrollingTable
            label="Sources of the non-permissible revenue"
            className="data-table compact"
          >
            <caption className="visually-hidden">Sources of the non-permissible revenue</caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Amount</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => {
                const errors = [
                  errorAt(form, `revenueSplit.sources.${index}.name`),
                  errorAt(form, `revenueSplit.sources.${index}.amount`),
                ].filter(Boolean);
                return (
                  <tr key={field.id}>
                    <td>
                      <input
                        aria-label={`Name of source ${index + 1}`}
                        aria-invalid={errors.length > 0 || undefined}
                        {...register(`revenueSplit.sources.${index}.name`)}
                      />
                    </td>
                    <td>
                      <input
                        type="number"
                        min={0}
                        step="any"
                        aria-label={`Amount of source ${index + 1}`}
                        {...register(`revenueSplit.sources.${index}.amount`, number)}
                      />
                      {errors.length > 0 && (
                        <span className="field-error">{errors.join('; ')}</span>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={`Remove source ${index + 1}`}
                        onClick={() => remove(index)}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ScrollingTable>
        )}
        <p id={sumId} aria-live="polite">
          The sources add up to {amountText(listed)}
          {Number.isFinite(nonPermissible)
            ? ` of the non-permissible ${amountText(nonPermissible)}`
            : ''}
          ; they must equal it.
        </p>
        {sourcesError && (
          <p className="field-error" role="alert">
            {sourcesError}
          </p>
        )}
        <button
          type="button"
          className="button"
          onClick={() => append({ name: '', amount: Number.NaN })}
        >
          Add a source
        </button>
      </div>
    </fieldset>
  );
}
