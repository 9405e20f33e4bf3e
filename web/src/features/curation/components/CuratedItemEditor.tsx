import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from '@core/auth-errors';
import type { Resource } from '@core/permissions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryState } from '../../../components/QueryState';
import { SaveButton } from '../../../components/SaveButton';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useAuth } from '../../../lib/auth/auth-context';
import { ConflictError, ForbiddenError } from '../../../lib/graphql-client';
import { describeLastChange } from '../../../lib/last-change';
import { changedFields, type ItemField, type ItemRows } from '../lib/changed-fields';
import type { CuratedItem, CuratedItemApi, CuratedItemVersion } from '../api/curated-item-api';
import { FieldChanges } from './FieldChanges';
import { VersionHistory } from './VersionHistory';
import { curationReadOnlyReason } from '../lib/read-only';

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

type Outcome = { readonly kind: 'done' | 'conflict' | 'failed'; readonly text: string };

const PUBLISHED = 'The public stock page shows it now.';

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
  // What the draft is based on: a save or restore names its version.
  const [base, setBase] = useState<CuratedItem<T>>(stored);
  // After a conflict: what someone else changed meanwhile, shown beside the kept draft.
  const [meanwhile, setMeanwhile] = useState<{
    version: number;
    changes: ReturnType<typeof changedFields>;
  } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [restoring, setRestoring] = useState<CuratedItemVersion<T> | null>(null);
  const form = useForm<Form, unknown, Input>({
    mode: 'onTouched',
    resolver: kind.resolver,
    defaultValues: kind.toForm(stored.value) as never,
  });
  const update = kind.api.useUpdate(isin, symbol);
  const restore = kind.api.useRestore(isin, symbol);
  const titleId = useId();
  const dirty = reason === undefined && form.formState.isDirty;

  /** A write went through: the form starts again from what is stored now. */
  const settle = (saved: CuratedItem<T>, text: string) => {
    setBase(saved);
    form.reset(kind.toForm(saved.value));
    setMeanwhile(null);
    setOutcome({ kind: 'done', text });
  };
  const fail = (error: unknown, what: string) => {
    setOutcome(
      error instanceof ConflictError
        ? { kind: 'conflict', text: error.message }
        : { kind: 'failed', text: `${what} ${errorMessage(error) || 'Unknown error.'}` },
    );
  };

  const save = form.handleSubmit((input) => {
    setOutcome(null);
    update.mutate(
      { input, version: base.version },
      {
        onSuccess: (saved) => {
          if (saved) settle(saved, `Saved as version ${saved.version}. ${PUBLISHED}`);
        },
        onError: (error) => fail(error, 'Not saved:'),
      },
    );
  });

  const confirmRestore = () => {
    if (!restoring) return;
    setOutcome(null);
    restore.mutate(
      { version: restoring.version, expectedVersion: base.version },
      {
        onSuccess: (saved) => {
          if (saved) {
            settle(
              saved,
              `Version ${restoring.version} restored as version ${saved.version}. ${PUBLISHED}`,
            );
          }
        },
        onError: (error) => fail(error, 'Not restored:'),
        onSettled: () => setRestoring(null),
      },
    );
  };

  // After a conflict the stored item becomes the base (its version is what the next save names)
  // and the draft stays in the form, still marked unsaved against what is stored now.
  const reloadKeepingDraft = async () => {
    const fresh = await reload();
    if (!fresh) return;
    setMeanwhile({
      version: fresh.version,
      changes: changedFields(base.value, fresh.value, kind.fields, kind.rows),
    });
    setBase(fresh);
    form.reset(kind.toForm(fresh.value), { keepValues: true });
    setOutcome({
      kind: 'done',
      text: `Reloaded version ${fresh.version}. Your changes are kept: check them against what changed meanwhile, then save again.`,
    });
  };

  const lastChange =
    base.updatedBy && base.updatedAt
      ? describeLastChange({ by: base.updatedBy, at: base.updatedAt })
      : base.value === null
        ? `No ${kind.what} yet.`
        : 'As ingested, never curated.';

  return (
    <>
      <UnsavedChangesGuard when={dirty && !update.isPending} />
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
              <SaveButton dirty={dirty} pending={update.isPending} />
              {dirty && <span className="muted">Unsaved changes</span>}
            </div>
          )}
        </form>
        <div role="status" aria-live="polite" className="curation-status">
          {outcome?.kind === 'done' && <p>{outcome.text}</p>}
        </div>
        <div role="alert" className="admin-error">
          {outcome && outcome.kind !== 'done' && <p>{outcome.text}</p>}
          {outcome?.kind === 'conflict' && (
            <button type="button" className="button" onClick={() => void reloadKeepingDraft()}>
              Reload and keep my changes
            </button>
          )}
        </div>
        {meanwhile && dirty && (
          <FieldChanges
            caption={`Changed meanwhile (now version ${meanwhile.version})`}
            changes={meanwhile.changes}
          />
        )}
      </section>
      <History
        kind={kind}
        isin={isin}
        currentVersion={base.version}
        {...(reason === undefined && { onRestore: setRestoring })}
      />
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring?.version ?? ''}?`}
        confirmLabel="Restore"
        cancelLabel="Cancel"
        busy={restore.isPending}
        busyLabel="Restoring…"
        onConfirm={confirmRestore}
        onCancel={() => setRestoring(null)}
      >
        <p>
          The {kind.what} become this version’s again, saved as a new version that the public stock
          page shows at once.
          {dirty && ' Your unsaved changes in the form are discarded.'}
        </p>
      </ConfirmDialog>
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
