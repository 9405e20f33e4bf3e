import { useId, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/auth-errors';
import { ACTIONS, GENERAL_RESOURCES, type PermissionSet } from '../../../../core/permissions';
import { ItemActionField } from './ItemActionField';
import {
  addItem,
  draftFrom,
  ITEM_RESOURCES,
  permissionSetFrom,
  removeItem,
  savesSame,
  setGeneralRead,
  setScope,
  type PermissionDraft,
} from './permission-draft';
import { describePermissions, resourceTitle } from './permission-summary';
import { useSaveEditorPermissions } from './use-editor-permissions';

export interface PermissionSetFormProps {
  readonly email: string;
  /** The stored set; null when the account has none yet. */
  readonly stored: PermissionSet | null;
}

/** Edits an editor's whole permission set and saves it with PUT /editorPermissions. */
export function PermissionSetForm({ email, stored }: PermissionSetFormProps) {
  // The baseline follows the stored set, so after a save (and refetch) the form is clean again.
  const baseline = useMemo(() => draftFrom(stored), [stored]);
  const [draft, setDraft] = useState(baseline);
  const save = useSaveEditorPermissions(email);
  const summaryId = useId();
  const dirty = !savesSame(draft, baseline);
  const summary = describePermissions(permissionSetFrom(draft));

  const change = (next: PermissionDraft) => {
    setDraft(next);
    // An earlier "saved" or "failed" message no longer describes what is on screen.
    if (save.isSuccess || save.isError) save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty && !save.isPending) save.mutate(permissionSetFrom(draft));
  };

  return (
    <form className="permission-form" noValidate onSubmit={submit}>
      {stored === null && (
        <p className="notice">
          No permission set is stored for this account yet. Until one is saved every list counts as
          empty, so the editor may do nothing.
        </p>
      )}
      {ITEM_RESOURCES.map((resource) => {
        const title = resourceTitle(resource);
        return (
          <fieldset key={resource} className="permission-resource">
            <legend>{title}</legend>
            <div className="permission-actions">
              {ACTIONS.map((action) => (
                <ItemActionField
                  key={action}
                  title={title}
                  action={action}
                  value={draft.items[resource][action]}
                  onScope={(scope) => change(setScope(draft, resource, action, scope))}
                  onAdd={(id) => change(addItem(draft, resource, action, id))}
                  onRemove={(id) => change(removeItem(draft, resource, action, id))}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
      {GENERAL_RESOURCES.map((resource) => {
        const title = resourceTitle(resource);
        return (
          <fieldset key={resource} className="permission-resource">
            <legend>{title}</legend>
            <label className="permission-choice">
              <input
                type="checkbox"
                checked={draft.generalRead[resource]}
                onChange={(event) => change(setGeneralRead(draft, resource, event.target.checked))}
              />{' '}
              <span className="visually-hidden">{title}: </span>Read
            </label>
            <p className="muted">
              A general resource: read opens the {title} settings area. It has no per-item lists,
              and create, update and delete do not apply.
            </p>
          </fieldset>
        );
      })}
      <h3 id={summaryId}>What this editor may do{dirty ? ' once saved' : ''}</h3>
      {summary.length === 0 ? (
        <p>Nothing: every list is empty.</p>
      ) : (
        <ul aria-labelledby={summaryId}>
          {summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <div className="permission-buttons">
        <button
          type="submit"
          className="button primary"
          disabled={!dirty || save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="button"
          disabled={!dirty || save.isPending}
          onClick={() => change(baseline)}
        >
          Undo changes
        </button>
      </div>
      <p role="status" className="muted">
        {save.isSuccess ? `The permission set of ${email} was saved.` : ''}
      </p>
      {save.isError && (
        <p role="alert" className="admin-error">
          The permission set could not be saved: {errorMessage(save.error) || 'unknown error'}.
        </p>
      )}
    </form>
  );
}
