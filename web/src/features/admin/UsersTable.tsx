import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../../core/auth-errors';
import type { FlatUser, ToggleAction } from './admin-api';

export interface UsersTableProps {
  readonly query: UseQueryResult<FlatUser[]>;
  readonly caption: string;
  /** With a handler, each row gets its Enable or Disable button. */
  readonly onToggle?: (username: string, action: ToggleAction) => void;
  readonly busyUser?: string;
}

const date = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value.slice(0, 10) : '—';

export function UsersTable({ query, caption, onToggle, busyUser }: UsersTableProps) {
  if (query.isPending) {
    return (
      <p role="status" className="muted">
        Loading accounts…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="admin-error">
        <p>The accounts could not be loaded: {errorMessage(query.error) || 'unknown error'}.</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="muted">No accounts.</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Email address</th>
            <th scope="col">Phone number</th>
            <th scope="col">Status</th>
            <th scope="col">Enabled</th>
            <th scope="col">Created</th>
            {onToggle && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {query.data.map((user) => {
            const name = user.email ?? user.Username;
            const action: ToggleAction = user.Enabled ? 'DISABLE' : 'ENABLE';
            return (
              <tr key={user.Username}>
                <th scope="row">{name}</th>
                <td>{user.phone_number ?? '—'}</td>
                <td>{user.UserStatus}</td>
                <td>{user.Enabled ? 'Yes' : 'No'}</td>
                <td>{date(user.UserCreateDate)}</td>
                {onToggle && (
                  <td>
                    <button
                      type="button"
                      className="button"
                      disabled={busyUser !== undefined}
                      aria-busy={busyUser === user.Username}
                      aria-label={`${user.Enabled ? 'Disable' : 'Enable'} ${name}`}
                      onClick={() => onToggle(user.Username, action)}
                    >
                      {user.Enabled ? 'Disable' : 'Enable'}
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
