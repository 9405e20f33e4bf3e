import { useId } from 'react';
import { get, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  ANALYST_RATINGS,
  GRADE_ACTIONS,
  MAX_GRADES,
  type AnalystInput,
} from '@core/curation/analyst';
import { formatPrice } from '@core/format';
import { Field } from './Field';
import {
  draftWarnings,
  newGrade,
  RATING_FIELDS,
  TARGET_FIELDS,
  type AnalystForm,
} from '../lib/analyst-form';
import { ScrollingTable } from '../../../components/ScrollingTable';

type Form = UseFormReturn<AnalystForm, unknown, AnalystInput>;

// An empty optional box is no value, not an empty string the schema would refuse.
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalNumber = (v: unknown) => (v === '' ? undefined : Number(v));

const errorAt = (form: Form, path: string): string | undefined =>
  (get(form.formState.errors, path) as { message?: string } | undefined)?.message;

/** The analyst data's inputs: ratings, consensus, price targets, grades, and core's warnings. */
export function AnalystFields({
  form,
  price,
}: {
  readonly form: Form;
  readonly price: number | null;
}) {
  const { register } = form;
  const draft = useWatch({ control: form.control }) as AnalystForm;
  const warnings = draftWarnings(draft, price);
  const ids = { warnings: useId() };
  const number = { valueAsNumber: true } as const;
  return (
    <>
      <fieldset className="curation-fields">
        <legend>Rating distribution</legend>
        <p className="muted small">How many analysts rate the stock each way (whole numbers).</p>
        {RATING_FIELDS.map(([key, label]) => (
          <Field key={key} label={label} error={errorAt(form, `ratings.${key}`)}>
            <input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              {...register(`ratings.${key}`, number)}
            />
          </Field>
        ))}
        {errorAt(form, 'ratings') && (
          <p className="field-error" role="alert">
            {errorAt(form, 'ratings')}
          </p>
        )}
        <Field label="Consensus" error={errorAt(form, 'consensus')}>
          <select {...register('consensus')}>
            {ANALYST_RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <fieldset className="curation-fields">
        <legend>Price targets</legend>
        {TARGET_FIELDS.map(([key, label]) => (
          <Field key={key} label={label} error={errorAt(form, `priceTarget.${key}`)}>
            <input
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              {...register(`priceTarget.${key}`, number)}
            />
          </Field>
        ))}
        <Field
          label="Currency"
          error={errorAt(form, 'priceTarget.currency')}
          hint="Three letters (ISO 4217), e.g. USD."
        >
          <input maxLength={3} autoCapitalize="characters" {...register('priceTarget.currency')} />
        </Field>
        <Field
          label="As of"
          error={errorAt(form, 'asOf')}
          hint="The day the consensus and targets were taken; the stock page shows it."
        >
          <input type="date" {...register('asOf', { setValueAs: emptyAsUndefined })} />
        </Field>
        <Field
          label="Price on that day"
          error={errorAt(form, 'priceAsOf')}
          hint="The close on the as-of day, against which the targets were set."
        >
          <input
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            {...register('priceAsOf', { setValueAs: optionalNumber })}
          />
        </Field>
        <p className="muted small">
          Current price:{' '}
          {price === null ? 'not available' : `${formatPrice(price)} (the live quote)`}.
        </p>
      </fieldset>
      <section className="curation-warnings" aria-labelledby={ids.warnings}>
        <h3 id={ids.warnings}>Checks before saving</h3>
        <div aria-live="polite">
          {warnings === null ? (
            <p className="muted">The checks run once the figures are valid.</p>
          ) : warnings.length === 0 ? (
            <p>Nothing looks unusual.</p>
          ) : (
            <ul>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </div>
        <p className="muted small">Warnings do not stop a save: check the figures, then save.</p>
      </section>
      <GradeRows form={form} />
    </>
  );
}

type GradeKey = keyof AnalystForm['grades'][number];
const GRADE_KEYS = [
  'date',
  'gradingCompany',
  'previousGrade',
  'newGrade',
  'action',
  'priceTarget',
  'priceWhenPosted',
] as const satisfies readonly GradeKey[];
/** The grade's optional prices: an empty box is no price (never 0). */
const PRICE_KEYS: ReadonlySet<GradeKey> = new Set(['priceTarget', 'priceWhenPosted']);

/**
 * The grade history as an editable table: a row per grade, added and removed freely, each with
 * the firm's target and the close on its day (the stock page's "upside then").
 */
function GradeRows({ form }: { readonly form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'grades' });
  const titleId = useId();
  const input = (index: number, key: GradeKey, label: string) => {
    const error = errorAt(form, `grades.${index}.${key}`);
    return {
      'aria-label': `${label} of grade ${index + 1}`,
      'aria-invalid': error ? true : undefined,
      ...form.register(
        `grades.${index}.${key}`,
        PRICE_KEYS.has(key) ? { setValueAs: optionalNumber } : {},
      ),
    };
  };
  const price = (index: number, key: GradeKey, label: string) => (
    <input type="number" min={0} step="any" inputMode="decimal" {...input(index, key, label)} />
  );
  const rowErrors = (index: number) =>
    GRADE_KEYS.map((key) => errorAt(form, `grades.${index}.${key}`)).filter(Boolean);
  return (
    <section aria-labelledby={titleId} className="curation-rows">
      <h3 id={titleId}>Grade history</h3>
      <p className="muted small">
        One row per grade change; leave “From” empty for an initiation. The target and the price
        when posted are optional: the public page shows the target&apos;s upside against that price.
        It lists the grades newest first. At most {MAX_GRADES} rows.
      </p>
      {fields.length === 0 ? (
        <p className="muted">No grades.</p>
      ) : (
        <ScrollingTable label="Grade history" className="data-table compact">
          <caption className="visually-hidden">Grade history</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Firm</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Price when posted</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const errors = rowErrors(index);
              return (
                <tr key={field.id}>
                  <td>
                    <input type="date" {...input(index, 'date', 'Date')} />
                  </td>
                  <td>
                    <input {...input(index, 'gradingCompany', 'Firm')} />
                  </td>
                  <td>
                    <input {...input(index, 'previousGrade', 'From')} />
                  </td>
                  <td>
                    <input {...input(index, 'newGrade', 'To')} />
                    {errors.length > 0 && (
                      <span className="field-error" role="alert">
                        {errors.join('; ')}
                      </span>
                    )}
                  </td>
                  <td>
                    <select {...input(index, 'action', 'Action')}>
                      {GRADE_ACTIONS.map((action) => (
                        <option key={action} value={action}>
                          {action}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{price(index, 'priceTarget', 'Target')}</td>
                  <td>{price(index, 'priceWhenPosted', 'Price when posted')}</td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove grade ${index + 1}`}
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
      <button
        type="button"
        className="button"
        disabled={fields.length >= MAX_GRADES}
        onClick={() => append(newGrade(new Date().toISOString().slice(0, 10)))}
      >
        Add a grade
      </button>
    </section>
  );
}
