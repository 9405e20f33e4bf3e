import { useId, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { Resource } from '@core/permissions';
import { QueryState } from '../../../components/QueryState';
import { SaveButton } from '../../../components/SaveButton';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useAuth } from '../../../lib/auth/auth-context';
import { ForbiddenError } from '../../../lib/graphql-client';
import { describeLastChange } from '../../../lib/last-change';
import { changedFields, type ItemField, type ItemRows } from '../lib/changed-fields';
import type { CuratedItem, CuratedItemApi, CuratedItemVersion } from '../api/curated-item-api';
import { FieldChanges } from './FieldChanges';
import { VersionHistory } from './VersionHistory';
import { curationReadOnlyReason } from '../lib/read-only';
import { useVersionedEdit } from '../lib/use-versioned-edit';
import { RestoreDialog } from './RestoreDialog';
import { WriteOutcomeRegions } from './WriteOutcomeRegions';

/** What differs between the kinds of curated item (analyst data, Shariah inputs). */
export interface CuratedItemKind<T, Form extends FieldValues, Input> {
  readonly api: CuratedItemApi<T, Input>;
  /** The §6 resource whose update the edit needs. */
  readonly resource: Resource;
  /** How sentences name the item: 'analyst data', 'Shariah inputs'. */
  readonly what: string;
  /** The editor's heading before the company's name: 'Analyst data'. */
  readonly title: string;
  /** The form's values for a stored value (null: the company has none yet). */
  readonly toForm: (value: T | null) => Form;
  /** Checks the form with core's schema; its output is the API's input. */
  readonly resolver: Resolver<Form, unknown, Input>;
  /** The fields and row lists the history compares. */
  readonly fields: readonly ItemField[];
  readonly rows?: readonly ItemRows<never>[];
}

export interface CuratedItemEditorProps<T, Form extends FieldValues, Input> {
  readonly kind: CuratedItemKind<T, Form, Input>;
  readonly isin: string;
  readonly symbol: string;
  readonly name: string;
  /**
   * The form's inputs, given the stored value they started from; `readOnly` when the session may
   * not update (they sit in a disabled fieldset).
   */
  readonly children: (
    form: UseFormReturn<Form, unknown, Input>,
    readOnly: boolean,
    stored: T | null,
  ) => ReactNode;
}

/**
 * A company's curated item: loads it, then edits it at its version (or shows it read-only with
 * the reason), with the kept versions, what each changed, and restore behind a confirmation.
 */
export function CuratedItemEditor<T, Form extends FieldValues, Input>(
  props: CuratedItemEditorProps<T, Form, Input>,
) {
  const curated = props.kind.api.useCurated(props.isin);
  if (curated.error instanceof ForbiddenError && curated.data === undefined) {
    return (
      <p className="notice" role="alert">
        Your permission set does not allow reading the {props.kind.what} of {props.isin}.
      </p>
    );
  }
  return (
    <QueryState
      query={curated}
      what={props.kind.what}
      empty={`No company has the ISIN ${props.isin}.`}
    >
      {(stored) => (
        <Editing
          {...props}
          stored={stored}
          reload={async () => (await curated.refetch()).data ?? null}
        />
      )}
    </QueryState>
  );
}

function Editing<T, Form extends FieldValues, Input>({
  kind,
  isin,
  symbol,
  name,
  children,
  stored,
  reload,
}: CuratedItemEditorProps<T, Form, Input> & {
  readonly stored: CuratedItem<T>;
  readonly reload: () => Promise<CuratedItem<T> | null>;
}) {
  const { state } = useAuth();
  const reason = curationReadOnlyReason(state, kind.resource, isin, kind.what);
  const form = useForm<Form, unknown, Input>({
    mode: 'onTouched',
    resolver: kind.resolver,
    defaultValues: kind.toForm(stored.value) as never,
  });
  const edit = useVersionedEdit({
    stored,
    update: kind.api.useUpdate(isin, symbol),
    restore: kind.api.useRestore(isin, symbol),
    reload,
    onStored: (saved) => form.reset(kind.toForm(saved.value)),
    // The stored item becomes the base (its version is what the next save names) and the draft
    // stays in the form, still marked unsaved against what is stored now.
    onReloaded: (fresh) => form.reset(kind.toForm(fresh.value), { keepValues: true }),
    keptDraft: 'Your changes are kept: check them against what changed meanwhile, then save again.',
  });
  const { base, reloaded } = edit;
  const titleId = useId();
  const dirty = reason === undefined && form.formState.isDirty;
  const save = form.handleSubmit(edit.save);

  const lastChange =
    base.updatedBy && base.updatedAt
      ? describeLastChange({ by: base.updatedBy, at: base.updatedAt })
      : base.value === null
        ? `No ${kind.what} yet.`
        : 'As ingested, never curated.';

  return (
    <>
      <UnsavedChangesGuard when={dirty && !edit.saving} />
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId}>
          {kind.title} of {name}
        </h2>
        <p>
          {lastChange} <span className="muted">Version {base.version}.</span>
        </p>
        {reason && (
          <p className="notice" role="note">
            Read only: {reason}
          </p>
        )}
        <form className="curation-form" onSubmit={(event) => void save(event)} noValidate>
          <fieldset disabled={reason !== undefined} className="curation-plain">
            {children(form, reason !== undefined, base.value)}
          </fieldset>
          {reason === undefined && (
            <div className="admin-toolbar">
              <SaveButton dirty={dirty} pending={edit.saving} />
              {dirty && <span className="muted">Unsaved changes</span>}
            </div>
          )}
        </form>
        <WriteOutcomeRegions
          outcome={edit.outcome}
          reloadLabel="Reload and keep my changes"
          onReload={edit.reloadKeepingDraft}
        />
        {reloaded && dirty && (
          <FieldChanges
            caption={`Changed meanwhile (now version ${reloaded.fresh.version})`}
            changes={changedFields(
              reloaded.previous.value,
              reloaded.fresh.value,
              kind.fields,
              kind.rows,
            )}
          />
        )}
      </section>
      <History
        kind={kind}
        isin={isin}
        currentVersion={base.version}
        {...(reason === undefined && { onRestore: edit.setRestoring })}
      />
      <RestoreDialog edit={edit}>
        <p>
          The {kind.what} become this version’s again, saved as a new version that the public stock
          page shows at once.
          {dirty && ' Your unsaved changes in the form are discarded.'}
        </p>
      </RestoreDialog>
    </>
  );
}

/** The item's kept versions (VersionHistory), read with the kind's API. */
function History<T, Form extends FieldValues, Input>({
  kind,
  isin,
  currentVersion,
  onRestore,
}: {
  readonly kind: CuratedItemKind<T, Form, Input>;
  readonly isin: string;
  readonly currentVersion: number;
  readonly onRestore?: (version: CuratedItemVersion<T>) => void;
}) {
  return (
    <VersionHistory
      history={kind.api.useHistory(isin)}
      fields={kind.fields}
      {...(kind.rows && { rows: kind.rows })}
      currentVersion={currentVersion}
      none={`No changes yet: the ${kind.what} are as ingested.`}
      {...(onRestore && { onRestore })}
    />
  );
}
