import { useId, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '@core/auth-errors';
import { ACTIONS, GENERAL_RESOURCES, ITEM_RESOURCES } from '@core/permissions';
import type { EditorPermissionsView } from '@core/user-record';
import { ApiError } from '../../../lib/api-client';
import { SaveButton } from '../../../components/SaveButton';
import { ItemActionField } from './ItemActionField';
import { describeLastChange } from '../../../lib/last-change';
import {
  addItem,
  draftFrom,
  permissionSetFrom,
  removeItem,
  savesSame,
  setGeneralRead,
  setScope,
  type PermissionDraft,
} from '../lib/permission-draft';
import { describePermissions, resourceTitle } from '../lib/permission-summary';
import { useSaveEditorPermissions } from '../api/use-editor-permissions';

export interface PermissionSetFormProps {
  readonly email: string;
  /** The stored set (null when the account has none yet), its version and last change. */
  readonly stored: EditorPermissionsView;
  /** Reads the stored set again (after someone else changed it); resolves to what is stored. */
  readonly onReload: () => Promise<EditorPermissionsView | undefined>;
}

/** The admin's draft and the version it was started from: a save names that version. */
interface Editing {
  readonly draft: PermissionDraft;
  readonly version: number;
}

const editingOf = (view: EditorPermissionsView): Editing => ({
  draft: draftFrom(view.permissionSet?.accessLevels ?? null),
  version: view.version,
});

/**
 * Edits an editor's whole permission set and saves it with PUT /editorPermissions, naming the
 * version the draft was started from: if someone else saved meanwhile the save is refused (409)
 * and the admin may reload the stored set.
 */
export function PermissionSetForm({ email, stored, onReload }: PermissionSetFormProps) {
  // The baseline follows the stored set, so after a save (and refetch) the form is clean again.
  const storedSet = stored.permissionSet?.accessLevels ?? null;
  const baseline = useMemo(() => draftFrom(storedSet), [storedSet]);
  // Started when the editor is opened, started again when the admin reloads; a save moves the
  // version on to the one it wrote, keeping the draft.
  const [{ draft, version }, setEditing] = useState(() => editingOf(stored));
  const [reloading, setReloading] = useState(false);
  const save = useSaveEditorPermissions(email);
  const summaryId = useId();
  const dirty = !savesSame(draft, baseline);
  const summary = describePermissions(permissionSetFrom(draft));
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const lastChange = describeLastChange(stored.lastChange);

  const change = (next: PermissionDraft) => {
    setEditing((editing) => ({ ...editing, draft: next }));
    // An earlier "saved" or "failed" message no longer describes what is on screen.
    if (save.isSuccess || save.isError) save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty && !save.isPending) {
      save.mutate(
        { permissionSet: permissionSetFrom(draft), version },
        { onSuccess: (saved) => setEditing((editing) => ({ ...editing, version: saved.version })) },
      );
    }
  };
  // Replaces the draft with what is stored now: the admin's unsaved changes are dropped.
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) setEditing(editingOf(fresh));
      save.reset();
    } finally {
      setReloading(false);
    }
  };

  return (
    <form className="permission-form" noValidate onSubmit={submit}>
      {lastChange && <p className="muted">{lastChange}</p>}
      {storedSet === null && (
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
        <SaveButton dirty={dirty} pending={save.isPending} />
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
        <div role="alert" className="admin-error">
          <p>
            The permission set could not be saved: {errorMessage(save.error) || 'unknown error'}.
          </p>
          {conflict && (
            <button
              type="button"
              className="button"
              disabled={reloading}
              aria-busy={reloading}
              onClick={() => void reload()}
            >
              Reload the stored set (drops your changes)
            </button>
          )}
        </div>
      )}
    </form>
  );
}
