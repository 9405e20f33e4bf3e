import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '@core/auth-errors';
import type { CuratedDescription, DescriptionVersion } from '@core/curation/description';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DescriptionText } from '../../../components/DescriptionText';
import { QueryState } from '../../../components/QueryState';
import { SaveButton } from '../../../components/SaveButton';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useAuth } from '../../../lib/auth/auth-context';
import { BadRequestError, ConflictError, ForbiddenError } from '../../../lib/graphql-client';
import { describeLastChange } from '../../../lib/last-change';
import {
  useCuratedDescription,
  useRestoreDescription,
  useUpdateDescription,
} from '../api/description-api';
import {
  descriptionFormSchema,
  type DescriptionForm,
  LIMIT_TEXT,
  readOnlyReason,
  storedLength,
} from '../lib/description-form';
import { DESCRIPTION_MAX_LENGTH } from '@core/curation/description';
import { DescriptionHistory } from './DescriptionHistory';

export interface DescriptionEditorProps {
  readonly isin: string;
  readonly symbol: string;
  readonly name: string;
}

/** A company's curated description: loads it, then edits it (or shows it read-only). */
export function DescriptionEditor(props: DescriptionEditorProps) {
  const curated = useCuratedDescription(props.isin);
  if (curated.error instanceof ForbiddenError && curated.data === undefined) {
    return (
      <p className="notice" role="alert">
        Your permission set does not allow reading the description of {props.isin}.
      </p>
    );
  }
  return (
    <QueryState query={curated} what="description" empty={`No company has the ISIN ${props.isin}.`}>
      {(stored) => (
        <Editing {...props} stored={stored} reload={async () => (await curated.refetch()).data} />
      )}
    </QueryState>
  );
}

/** What the last save, restore or reload did, as the live regions announce it. */
type Outcome =
  | { readonly kind: 'done'; readonly text: string }
  | { readonly kind: 'conflict'; readonly text: string }
  | { readonly kind: 'failed'; readonly text: string };

/** The text and version the draft is based on: a save or restore names that version. */
interface Base {
  readonly text: string;
  readonly version: number;
}

const PUBLISHED = 'The public stock page shows it now.';

function Editing({
  isin,
  symbol,
  name,
  stored,
  reload,
}: DescriptionEditorProps & {
  readonly stored: CuratedDescription;
  readonly reload: () => Promise<CuratedDescription | null | undefined>;
}) {
  const { state } = useAuth();
  const reason = readOnlyReason(state, isin);
  const [base, setBase] = useState<Base>({ text: stored.text, version: stored.version });
  // The stored text as a reload after a conflict found it, shown next to the kept draft.
  const [reloaded, setReloaded] = useState<CuratedDescription | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [restoring, setRestoring] = useState<DescriptionVersion | null>(null);
  // Checked once the box was left, then as it changes (§5's timing, as the sign-in forms).
  const form = useForm<DescriptionForm>({
    mode: 'onTouched',
    resolver: zodResolver(descriptionFormSchema),
    defaultValues: { text: stored.text },
  });
  const draft = useWatch({ control: form.control, name: 'text' }) ?? '';
  const update = useUpdateDescription(isin, symbol);
  const restore = useRestoreDescription(isin, symbol);
  const ids = { text: useId(), hint: useId(), count: useId(), error: useId() };

  const dirty = reason === undefined && draft.trim() !== base.text.trim();
  const count = storedLength(draft);
  const fieldError = form.formState.errors.text?.message;

  /** A write went through: the form starts again from what is stored now. */
  const settle = (saved: CuratedDescription, text: string) => {
    setBase({ text: saved.text, version: saved.version });
    form.reset({ text: saved.text });
    setReloaded(null);
    setOutcome({ kind: 'done', text });
  };
  const fail = (error: unknown, what: string) => {
    if (error instanceof ConflictError) {
      setOutcome({ kind: 'conflict', text: error.message });
    } else if (error instanceof BadRequestError) {
      form.setError('text', { message: error.message.replace(/^text: /, '') });
      setOutcome({ kind: 'failed', text: `${what} ${error.message}` });
    } else {
      setOutcome({ kind: 'failed', text: `${what} ${errorMessage(error) || 'Unknown error.'}` });
    }
  };

  const save = form.handleSubmit(({ text }) => {
    setOutcome(null);
    update.mutate(
      { text, version: base.version },
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

  // After a conflict: the stored text becomes the base (its version is what the next save names),
  // and the draft stays in the box so the user can reapply their change.
  const reloadStored = async () => {
    const fresh = await reload();
    if (!fresh) return;
    setBase({ text: fresh.text, version: fresh.version });
    setReloaded(fresh);
    setOutcome({
      kind: 'done',
      text: `Reloaded version ${fresh.version}. Your draft is kept: compare it with the stored text, then save again.`,
    });
  };

  const lastChange =
    stored.version === 0
      ? 'Never curated: showing the ingested text.'
      : describeLastChange(
          stored.updatedBy && stored.updatedAt
            ? { by: stored.updatedBy, at: stored.updatedAt }
            : null,
        );

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <section className="card" aria-labelledby="editor-title">
        <h2 id="editor-title">Description of {name}</h2>
        <p>
          {lastChange} <span className="muted">Version {stored.version}.</span>
        </p>
        {reason && (
          <p className="notice" role="note">
            Read only: {reason}
          </p>
        )}
        <form onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor={ids.text}>Description text</label>
          <p id={ids.hint} className="muted">
            Plain text, 1 to {LIMIT_TEXT} characters; HTML tags are not allowed. A blank line starts
            a new paragraph.
          </p>
          <textarea
            id={ids.text}
            className="admin-input curation-text"
            rows={12}
            readOnly={reason !== undefined}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={[ids.hint, ids.count, fieldError && ids.error]
              .filter(Boolean)
              .join(' ')}
            {...form.register('text')}
          />
          <p
            id={ids.count}
            className={count > DESCRIPTION_MAX_LENGTH ? 'char-count admin-error' : 'char-count'}
          >
            {count.toLocaleString('en-US')} of {LIMIT_TEXT} characters
          </p>
          {fieldError && (
            <p id={ids.error} className="admin-error">
              {fieldError}
            </p>
          )}
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
            <button type="button" className="button" onClick={() => void reloadStored()}>
              Reload
            </button>
          )}
        </div>
        {reloaded && dirty && (
          <section aria-labelledby="stored-title" className="curation-stored">
            <h3 id="stored-title">Stored text now (version {reloaded.version})</h3>
            <DescriptionText text={reloaded.text} />
            <button
              type="button"
              className="button"
              onClick={() => form.reset({ text: reloaded.text })}
            >
              Discard my draft
            </button>
          </section>
        )}
      </section>
      <section className="card" aria-labelledby="preview-title">
        <h2 id="preview-title">Preview</h2>
        <p className="muted">As the public stock page will show it: plain text.</p>
        <div className="curation-preview">
          <DescriptionText text={draft} />
        </div>
      </section>
      <DescriptionHistory
        isin={isin}
        currentVersion={stored.version}
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
          The description becomes this version’s text again, saved as a new version that the public
          stock page shows at once.
          {dirty && ' Your unsaved changes in the editor are discarded.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
