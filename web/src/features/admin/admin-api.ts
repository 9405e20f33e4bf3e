import type { EditorPermissionsChange } from '@core/admin-queries';
import { EDITOR_GROUP } from '@core/constants';
import type { DirectoryUser, UserPage } from '@core/directory-user';
import type { EditorPermissionsView } from '@core/user-record';
import { ApiError, requestJson } from '../../lib/api-client';
import * as identity from '../auth/api/identity';

/** The AdminQueries API on the same origin (SPEC §7): every call carries the ID token. */
export const ADMIN_API_BASE = '/api/admin';

/** §3: a listed user with its Attributes flattened into the object. */
export type FlatUser = Readonly<Record<string, string | boolean | undefined>> & {
  readonly Username: string;
  readonly Enabled: boolean;
  readonly UserStatus: string;
  readonly email?: string;
  readonly phone_number?: string;
};

export function flattenUser({ Attributes, ...rest }: DirectoryUser): FlatUser {
  const attributes = Object.fromEntries(Attributes.map(({ Name, Value }) => [Name, Value]));
  return { ...attributes, ...rest } as FlatUser;
}

/**
 * An AdminQueries call with the current ID token (refreshed when expired). Queries retry through
 * TanStack Query; the mutations are not retried, so an admin's click never runs twice.
 */
async function adminFetch<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown } = {},
): Promise<T> {
  const idToken = await identity.idToken();
  if (!idToken) throw new ApiError(401, 'Your session has ended. Log in again.');
  return requestJson<T>(`${ADMIN_API_BASE}${path}`, { ...options, idToken });
}

/** GET /listUsers: a page of every account, or of those whose e-mail starts with `emailPrefix`. */
export async function listUsers(token?: string, emailPrefix?: string): Promise<UserPage> {
  const query = [
    ...(emailPrefix ? [`email=${encodeURIComponent(emailPrefix)}`] : []),
    ...(token ? [`token=${encodeURIComponent(token)}`] : []),
  ].join('&');
  return adminFetch<UserPage>(`/listUsers${query ? `?${query}` : ''}`);
}

export async function listEditors(token?: string): Promise<UserPage> {
  const query = new URLSearchParams({ groupname: EDITOR_GROUP, ...(token ? { token } : {}) });
  return adminFetch<UserPage>(`/listUsersInGroup?${query.toString()}`);
}

export type ToggleAction = 'ENABLE' | 'DISABLE';

/** §4 admin user toggle: ENABLE or DISABLE calls the matching endpoint. */
export async function toggleUser(username: string, action: ToggleAction): Promise<void> {
  const path = action === 'ENABLE' ? '/enableUser' : '/disableUser';
  await adminFetch(path, { method: 'POST', body: { username } });
}

/**
 * GET /editorPermissions: the stored set (null when the account has none yet), its version and
 * who changed it last.
 */
export async function getEditorPermissions(email: string): Promise<EditorPermissionsView> {
  const query = new URLSearchParams({ email });
  return adminFetch<EditorPermissionsView>(`/editorPermissions?${query.toString()}`);
}

/**
 * PUT /editorPermissions: replaces the editor's whole set (§3, every resource and action) if it
 * is still at `version`; otherwise the API answers 409 and nothing changes.
 */
export async function putEditorPermissions(
  change: EditorPermissionsChange,
): Promise<EditorPermissionsView> {
  return adminFetch<EditorPermissionsView>('/editorPermissions', { method: 'PUT', body: change });
}
