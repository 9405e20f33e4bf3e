import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../core/auth-errors';
import { flattenUser, listEditors, listUsers, toggleUser, type ToggleAction } from './admin-api';
import { UsersTable } from './UsersTable';
import './admin.css';

/** /admin/settings/users: every account, with Enable/Disable (§4 admin user toggle). */
export function UsersScreen() {
  const client = useQueryClient();
  const users = useQuery({
    queryKey: ['admin', 'users'],
    queryFn: async () => (await listUsers()).Users.map(flattenUser),
  });
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
  return (
    <section className="admin" aria-labelledby="users-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/admin/settings">Settings</Link> / Users
      </nav>
      <h1 id="users-title">Users</h1>
      <p className="lead">Registered accounts. A disabled account cannot sign in.</p>
      <p role="status" className="muted">
        {status}
      </p>
      {toggle.isError && (
        <p role="alert" className="admin-error">
          {errorMessage(toggle.error) || 'The change could not be saved.'}
        </p>
      )}
      <UsersTable
        query={users}
        caption="Accounts"
        busyUser={toggle.isPending ? toggle.variables?.username : undefined}
        onToggle={(username, action) => toggle.mutate({ username, action })}
      />
    </section>
  );
}

/** /admin/settings/editors: the members of the editor group. */
export function EditorsScreen() {
  const editors = useQuery({
    queryKey: ['admin', 'editors'],
    queryFn: async () => (await listEditors()).Users.map(flattenUser),
  });
  return (
    <section className="admin" aria-labelledby="editors-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/admin/settings">Settings</Link> / Editors
      </nav>
      <h1 id="editors-title">Editors</h1>
      <p className="lead">
        Accounts in the editor group. What each may read, create, update and delete is its
        permission set.
      </p>
      <UsersTable query={editors} caption="Editors" />
    </section>
  );
}
