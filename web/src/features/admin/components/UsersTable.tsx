import type { ReactNode } from 'react';
import type { FlatUser } from '../api/admin-api';

/** A per-row control (Enable/Disable, Edit permissions) in a last column. */
export interface RowAction {
  readonly header: string;
  readonly render: (user: FlatUser, name: string) => ReactNode;
}

export interface UsersTableProps {
  readonly users: readonly FlatUser[];
  readonly caption: string;
  readonly action?: RowAction;
}

const date = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value.slice(0, 10) : '—';

/** The name a row goes by: the e-mail, else the directory Username. */
export const displayName = (user: FlatUser): string => user.email ?? user.Username;

export function UsersTable({ users, caption, action }: UsersTableProps) {
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
            {action && <th scope="col">{action.header}</th>}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = displayName(user);
            return (
              <tr key={user.Username}>
                <th scope="row">{name}</th>
                <td>{user.phone_number ?? '—'}</td>
                <td>{user.UserStatus}</td>
                <td>{user.Enabled ? 'Yes' : 'No'}</td>
                <td>{date(user.UserCreateDate)}</td>
                {action && <td>{action.render(user, name)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
