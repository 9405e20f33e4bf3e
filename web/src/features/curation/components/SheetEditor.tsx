import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { sheetIdOf } from '@core/curation/sheet';
import { formatNumber } from '@core/format';
import { STATEMENT_KINDS, STATEMENT_TITLES } from '@core/market/statements';
import type { StatementKind } from '@core/market/types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryState } from '../../../components/QueryState';
import { SaveButton } from '../../../components/SaveButton';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useAuth } from '../../../lib/auth/auth-context';
import { ForbiddenError } from '../../../lib/graphql-client';
import { describeChange } from '../../../lib/last-change';
import {
  useCuratedSheet,
  useDeleteSheet,
  useSaveSheet,
  type CuratedSheet,
} from '../api/sheets-api';
import {
  emptyForm,
  formFromSheet,
  identityChecks,
  lineFields,
  notNumeric,
  inSheetWords,
  sheetFromForm,
  sheetsReadOnlyReason,
  type SheetFormValues,
} from '../lib/sheet-form';
import { Field } from './Field';
import { sheetsPath } from '../lib/sheet-paths';
import { failureOutcome, PUBLISHED, type WriteOutcome } from '../lib/write-outcome';
import { SheetHistory } from './SheetHistory';
import { WriteOutcomeRegions } from './WriteOutcomeRegions';
import { ScrollingTable } from '../../../components/ScrollingTable';

interface Props {
  readonly isin: string;
  readonly symbol: string | undefined;
}

/** /admin/settings/sheets/:isin/edit/:id: one sheet with its line items, history and restore. */
export function EditSheet({ id, ...props }: Props & { readonly id: string }) {
  const sheet = useCuratedSheet(props.isin, id);
  if (sheet.error instanceof ForbiddenError && sheet.data === undefined) {
    return (
      <p className="notice" role="alert">
        Your permission set does not allow reading the sheets of {props.isin}.
      </p>
    );
  }
  return (
    <QueryState query={sheet} what="sheet" empty={`${props.isin} has no sheet ${id}.`}>
      {(stored) => (
        <SheetForm
          key={stored.id}
          {...props}
          stored={stored}
          reload={async () => (await sheet.refetch()).data ?? null}
        />
      )}
    </QueryState>
  );
}

/** /admin/settings/sheets/:isin/add: a sheet for a new period. */
export function AddSheet(props: Props) {
  return <SheetForm {...props} stored={null} reload={async () => null} />;
}

function SheetForm({
  isin,
  symbol,
  stored,
  reload,
}: Props & {
  readonly stored: CuratedSheet | null;
  readonly reload: () => Promise<CuratedSheet | null>;
}) {
  const { state } = useAuth();
  const navigate = useNavigate();
  const adding = stored === null;
  const reason = sheetsReadOnlyReason(state, isin, adding ? 'create' : 'update');
  const canDelete = !adding && sheetsReadOnlyReason(state, isin, 'delete') === undefined;
  // The version a save names: the stored one, or the one a reload after a conflict found.
  const [version, setVersion] = useState(stored?.version ?? 0);
  // A sheet just added arrives here with the outcome of its save (the add screen navigated away).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [outcome, setOutcome] = useState<WriteOutcome | null>(
    notice ? { kind: 'done', text: notice } : null,
  );
  const [deleting, setDeleting] = useState(false);
  const resolver: Resolver<SheetFormValues> = async (values) => {
    const result = sheetFromForm(values, isin);
    if ('sheet' in result) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        Object.entries(result.errors).map(([field, message]) => [
          field in values.lines ? `lines.${field}` : field,
          { type: 'validate', message },
        ]),
      ),
    };
  };
  const form = useForm<SheetFormValues>({
    mode: 'onTouched',
    resolver,
    defaultValues: stored ? formFromSheet(stored.sheet) : emptyForm(),
  });
  const values = useWatch({ control: form.control }) as SheetFormValues;
  const save = useSaveSheet(isin, symbol);
  const remove = useDeleteSheet(isin, symbol);
  const ids = { outcome: useId(), identities: useId() };
  const kind = values.sheetType ?? 'income';
  const checks = identityChecks({ ...emptyForm(kind), ...values });
  const broken = checks.filter((check) => check.holds === false);
  const dirty = reason === undefined && form.formState.isDirty;
  const errors = form.formState.errors;
  const errorOf = (field: string): string | undefined =>
    (field.startsWith('lines.')
      ? (errors.lines as Record<string, { message?: string }> | undefined)?.[field.slice(6)]
      : (errors as Record<string, { message?: string } | undefined>)[field]
    )?.message;

  const fail = (error: unknown, what: string) => setOutcome(failureOutcome(error, what));

  const submit = form.handleSubmit((submitted) => {
    const result = sheetFromForm(submitted, isin);
    if (!('sheet' in result)) return;
    setOutcome(null);
    save.mutate(
      adding ? { sheet: result.sheet } : { sheet: result.sheet, id: stored.id, version },
      {
        onSuccess: (saved) => {
          if (!saved) return;
          const text = `Saved as version ${saved.version}. ${PUBLISHED}`;
          form.reset(formFromSheet(saved.sheet));
          setVersion(saved.version);
          setOutcome({ kind: 'done', text });
          if (adding) {
            void navigate(sheetsPath(isin, symbol, `edit/${saved.id}`), {
              state: { notice: text },
            });
          }
        },
        onError: (error) => fail(error, 'Not saved:'),
      },
    );
  });

  /** After a conflict: the stored version becomes the base; the draft stays to reapply. */
  const reloadKeepingDraft = async () => {
    const latest = await reload();
    if (latest) {
      setVersion(latest.version);
      setOutcome({
        kind: 'done',
        text: `Reloaded version ${latest.version} (changed ${describeChange({ by: latest.updatedBy ?? 'the ingest', at: latest.updatedAt ?? '' })}). Your changes are kept: review and save again.`,
      });
    }
  };

  const confirmDelete = () => {
    if (!stored) return;
    remove.mutate(
      { id: stored.id, version },
      {
        onSuccess: () => {
          form.reset();
          void navigate(sheetsPath(isin, symbol));
        },
        onError: (error) => {
          setDeleting(false);
          fail(error, 'Not deleted:');
        },
      },
    );
  };

  const fieldset = reason !== undefined;
  return (
    <div className="sheet-editor">
      <UnsavedChangesGuard when={dirty && !save.isPending} />
      {stored ? (
        <p className="muted">
          {stored.label} · version {version}
          {stored.updatedBy
            ? ` · last changed ${describeChange({ by: stored.updatedBy, at: stored.updatedAt ?? '' })}`
            : ' · as ingested, never curated'}
        </p>
      ) : null}
      {reason ? (
        <p className="notice" role="note">
          Read-only: {reason}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-describedby={ids.outcome}>
        <fieldset disabled={fieldset} className="sheet-period">
          <legend>Period</legend>
          <label>
            Statement
            <select {...form.register('sheetType')} disabled={!adding || fieldset}>
              {STATEMENT_KINDS.map((k: StatementKind) => (
                <option key={k} value={k}>
                  {STATEMENT_TITLES[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Duration
            <select {...form.register('sheetDuration')} disabled={!adding || fieldset}>
              <option value="annual">Annual</option>
              <option value="quarter">Quarter</option>
            </select>
          </label>
          <Field label="Year" error={errorOf('year')}>
            <input inputMode="numeric" {...form.register('year')} readOnly={!adding} />
          </Field>
          {values.sheetDuration === 'quarter' ? (
            <label>
              Quarter
              <select {...form.register('quarter')} disabled={!adding || fieldset}>
                {[1, 2, 3, 4].map((q) => (
                  <option key={q} value={String(q)}>
                    Q{q}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Field label="Period end (YYYY-MM-DD)" error={errorOf('date')}>
            <input {...form.register('date')} placeholder="2025-12-31" />
          </Field>
          {adding && values.year ? (
            <p className="muted">
              Sheet id:{' '}
              {sheetIdOf({
                sheetType: kind,
                year: Number(values.year),
                quarter: values.sheetDuration === 'annual' ? 0 : Number(values.quarter),
              })}
            </p>
          ) : null}
          <p className="muted small">TTM figures are derived from the last four quarters.</p>
        </fieldset>
        <fieldset disabled={fieldset} className="sheet-lines curation-fields">
          <legend>{STATEMENT_TITLES[kind]} line items</legend>
          <p className="muted small">
            Whole units of the reporting currency. Leave a line empty when the filing does not
            report it.
          </p>
          {lineFields(kind).map(({ field, label }) => {
            const typed = values.lines?.[field] ?? '';
            const broken = checks.find((c) => c.total === field && c.holds === false);
            return (
              <Field
                key={`${kind}-${field}`}
                label={label}
                error={errorOf(`lines.${field}`)}
                hint={
                  notNumeric(typed)
                    ? 'Not a number: saved as not reported.'
                    : broken
                      ? `Off by ${formatNumber(broken.difference)}`
                      : undefined
                }
              >
                <input inputMode="decimal" {...form.register(`lines.${field}`)} />
              </Field>
            );
          })}
        </fieldset>
        <section aria-labelledby={ids.identities} className="sheet-identities">
          <h3 id={ids.identities}>Accounting identities</h3>
          <p role="status">
            {broken.length === 0
              ? 'Every identity that can be checked holds.'
              : `${broken.length} ${broken.length === 1 ? 'identity does' : 'identities do'} not hold: fix before saving.`}
          </p>
          <ScrollingTable label="Identity checks" className="data-table compact">
            <thead>
              <tr>
                <th scope="col">Identity</th>
                <th scope="col">Reported</th>
                <th scope="col">Sum</th>
                <th scope="col">Difference</th>
              </tr>
            </thead>
            <tbody>
              {checks.map((check) => (
                <tr key={check.label} className={check.holds === false ? 'broken' : undefined}>
                  <th scope="row">{inSheetWords(kind, check.label)}</th>
                  <td>{formatNumber(check.reported)}</td>
                  <td>{formatNumber(check.expected)}</td>
                  <td>
                    {check.holds === null
                      ? 'not checked'
                      : check.holds
                        ? '✓ holds'
                        : `✗ ${formatNumber(check.difference)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </section>
        <div className="form-actions">
          {reason === undefined ? (
            <SaveButton dirty={dirty || adding} pending={save.isPending} />
          ) : null}
          {canDelete ? (
            <button type="button" className="button danger" onClick={() => setDeleting(true)}>
              Delete sheet
            </button>
          ) : null}
          <Link to={sheetsPath(isin, symbol)}>Back to the sheets</Link>
        </div>
        <WriteOutcomeRegions
          id={ids.outcome}
          outcome={outcome}
          reloadLabel="Reload and keep my changes"
          onReload={reloadKeepingDraft}
        />
      </form>
      {stored ? (
        <SheetHistory
          isin={isin}
          symbol={symbol}
          id={stored.id}
          version={version}
          canRestore={reason === undefined}
          onRestored={(saved) => {
            form.reset(formFromSheet(saved.sheet));
            setVersion(saved.version);
            setOutcome({ kind: 'done', text: `Restored as version ${saved.version}.` });
          }}
          onError={(error) => fail(error, 'Not restored:')}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete ${stored?.label ?? 'this sheet'}?`}
        confirmLabel="Delete the sheet"
        busy={remove.isPending}
        busyLabel="Deleting…"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      >
        <p>
          The sheet leaves the public stock page at once. Its history is kept, and an admin can add
          the period again.
        </p>
      </ConfirmDialog>
    </div>
  );
}
