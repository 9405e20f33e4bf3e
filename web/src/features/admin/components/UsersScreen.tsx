import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@core/auth-errors';
import { userDirectoryAccess } from '@core/user-directory-access';
import { useAuth } from '../../../lib/auth/auth-context';
import { toggleUser, type FlatUser, type ToggleAction } from '../api/admin-api';
import { SETTINGS_PATH } from '../lib/settings-sections';
import { UserDirectory } from './UserDirectory';
import '../../../components/admin.css';
import { AllowedLink } from '../../../components/AllowedLink';

/**
 * /admin/settings/users: every account, page by page. Admins enable and disable accounts (§4 user
 * toggle); an editor let in by USERS read sees the list only, as the API allows them.
 */
export function UsersScreen() {
  const { state } = useAuth();
  const manages = userDirectoryAccess(state, state.permissions) === 'manage';
  const client = useQueryClient();
  const [status, setStatus] = useState<string>();
  const toggle = useMutation({
    mutationFn: ({ username, action }: { username: string; action: ToggleAction }) =>
      toggleUser(username, action),
    onSuccess: async (_data, { action }) => {
      setStatus(action === 'ENABLE' ? 'The account was enabled.' : 'The account was disabled.');
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: () => setStatus(undefined),
  });
  const busyUser = toggle.isPending ? toggle.variables.username : undefined;
  // Disabling signs the account out everywhere at once: it is confirmed first, row by row.
  const [confirming, setConfirming] = useState<string>();
  const own = (user: FlatUser) =>
    user.Username === state.user?.id ||
    user.sub === state.user?.sub ||
    (state.user?.email !== undefined && user.email === state.user.email);

  const toggleButton = (user: FlatUser, name: string) => {
    // The server refuses it too: an admin cannot lock themselves out.
    if (own(user)) return <span className="muted">Your account</span>;
    const action: ToggleAction = user.Enabled ? 'DISABLE' : 'ENABLE';
    const verb = user.Enabled ? 'Disable' : 'Enable';
    if (confirming === user.Username) {
      return (
        <div role="group" aria-label={`Confirm disabling ${name}`} className="confirm-inline">
          <span>Sign {name} out everywhere and block sign-in?</span>
          <button
            type="button"
            className="button"
            autoFocus
            disabled={busyUser !== undefined}
            onClick={() => {
              setConfirming(undefined);
              toggle.mutate({ username: user.Username, action: 'DISABLE' });
            }}
          >
            Disable account
          </button>
          <button type="button" className="button" onClick={() => setConfirming(undefined)}>
            Cancel
          </button>
        </div>
      );
    }
    return (
      <button
        type="button"
        className="button"
        disabled={busyUser !== undefined}
        aria-busy={busyUser === user.Username}
        aria-label={`${verb} ${name}`}
        onClick={() =>
          action === 'DISABLE'
            ? setConfirming(user.Username)
            : toggle.mutate({ username: user.Username, action })
        }
      >
        {verb}
      </button>
    );
  };

  return (
    <section className="admin" aria-labelledby="users-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <AllowedLink to={SETTINGS_PATH}>Settings</AllowedLink> / Users
      </nav>
      <h1 id="users-title">Users</h1>
      <p className="lead">Registered accounts. A disabled account cannot sign in.</p>
      {!manages && (
        <p className="notice">Read only: enabling and disabling accounts is for admins.</p>
      )}
      <p role="status" className="muted">
        {status}
      </p>
      {toggle.isError && (
        <p role="alert" className="admin-error">
          {errorMessage(toggle.error) || 'The change could not be saved.'}
        </p>
      )}
      <UserDirectory
        listing="users"
        caption="Accounts"
        noun={['account', 'accounts']}
        action={manages ? { header: 'Action', render: toggleButton } : undefined}
      />
    </section>
  );
}
