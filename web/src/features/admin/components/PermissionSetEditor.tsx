import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@core/auth-errors';
import { ApiError } from '../../../lib/api-client';
import { PermissionSetForm } from './PermissionSetForm';
import { useEditorPermissions } from '../api/use-editor-permissions';

export interface PermissionSetEditorProps {
  readonly email: string;
  /** Set when the admin just chose this editor: focus moves to the editor's heading. */
  readonly focusOnOpen?: boolean;
}

/** The chosen editor's permission set: loaded by e-mail, then edited in PermissionSetForm. */
export function PermissionSetEditor({ email, focusOnOpen = false }: PermissionSetEditorProps) {
  const stored = useEditorPermissions(email);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);

  return (
    <section className="card permission-editor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Permissions of {email}
      </h2>
      <p>
        <Link to={{ search: '' }}>Close</Link>
      </p>
      {stored.isPending && (
        <p role="status" className="muted">
          Loading the permission set…
        </p>
      )}
      {stored.isError && stored.data === undefined && (
        <div role="alert" className="admin-error">
          {stored.error instanceof ApiError && stored.error.status === 404 ? (
            // Neither the users table nor the directory knows the e-mail.
            <p>No account has the e-mail {email}, so it has no permission set.</p>
          ) : (
            <>
              <p>
                The permission set could not be loaded:{' '}
                {errorMessage(stored.error) || 'unknown error'}.
              </p>
              <button type="button" className="button" onClick={() => void stored.refetch()}>
                Try again
              </button>
            </>
          )}
        </div>
      )}
      {stored.isRefetchError && (
        <p role="alert" className="admin-error">
          The stored permission set could not be read again:{' '}
          {errorMessage(stored.error) || 'unknown error'}.
        </p>
      )}
      {stored.data !== undefined && (
        <PermissionSetForm
          email={email}
          stored={stored.data}
          onReload={async () => (await stored.refetch()).data}
        />
      )}
    </section>
  );
}
