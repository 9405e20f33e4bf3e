import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { CuratedDescription } from '@core/curation/description';
import { DescriptionText } from '../../../components/DescriptionText';
import { QueryState } from '../../../components/QueryState';
import { SaveButton } from '../../../components/SaveButton';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { useAuth } from '../../../lib/auth/auth-context';
import { BadRequestError, ForbiddenError } from '../../../lib/graphql-client';
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
import { useVersionedEdit } from '../lib/use-versioned-edit';
import { DescriptionHistory } from './DescriptionHistory';
import { RestoreDialog } from './RestoreDialog';
import { WriteOutcomeRegions } from './WriteOutcomeRegions';

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
  // Checked once the box was left, then as it changes (§5's timing, as the sign-in forms).
  const form = useForm<DescriptionForm>({
    mode: 'onTouched',
    resolver: zodResolver(descriptionFormSchema),
    defaultValues: { text: stored.text },
  });
  // After a conflict the stored text becomes the base (its version is what the next save names),
  // and the draft stays in the box so the user can reapply their change.
  const edit = useVersionedEdit({
    stored,
    update: useUpdateDescription(isin, symbol),
    restore: useRestoreDescription(isin, symbol),
    reload,
    onStored: (saved) => form.reset({ text: saved.text }),
    keptDraft: 'Your draft is kept: compare it with the stored text, then save again.',
    onFailed: (error) => {
      if (error instanceof BadRequestError) {
        form.setError('text', { message: error.message.replace(/^text: /, '') });
      }
    },
  });
  const { base } = edit;
  const reloaded = edit.reloaded?.fresh;
  const draft = useWatch({ control: form.control, name: 'text' }) ?? '';
  const ids = { text: useId(), hint: useId(), count: useId(), error: useId() };

  const dirty = reason === undefined && draft.trim() !== base.text.trim();
  const count = storedLength(draft);
  const fieldError = form.formState.errors.text?.message;
  const save = form.handleSubmit(({ text }) => edit.save(text));

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
              <SaveButton dirty={dirty} pending={edit.saving} />
              {dirty && <span className="muted">Unsaved changes</span>}
            </div>
          )}
        </form>
        <WriteOutcomeRegions
          outcome={edit.outcome}
          reloadLabel="Reload"
          onReload={edit.reloadKeepingDraft}
        />
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
        {...(reason === undefined && { onRestore: edit.setRestoring })}
      />
      <RestoreDialog edit={edit}>
        <p>
          The description becomes this version’s text again, saved as a new version that the public
          stock page shows at once.
          {dirty && ' Your unsaved changes in the editor are discarded.'}
        </p>
      </RestoreDialog>
    </>
  );
}
