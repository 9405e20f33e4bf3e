import type { EditorPermissionsChange } from '@core/admin-queries';
import { EDITOR_GROUP } from '@core/constants';
import type { DirectoryUser, UserPage } from '@core/directory-user';
import type { EditorPermissionsView } from '@core/user-record';
import type { ADMIN_QUERIES_API, UserCounts } from '@core/api/admin-queries';
import { adminQueriesApi } from '../../../lib/apis/admin-queries';
import type { CallOptions } from '../../../lib/contract-client';
import { callAsUser } from '../../../lib/auth/call-as-user';

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

type AdminEndpoints = (typeof ADMIN_QUERIES_API)['endpoints'];

/**
 * An AdminQueries call (SPEC §7) with the current ID token (refreshed when expired). Queries retry
 * through TanStack Query; the mutations are not retried, so an admin's click never runs twice.
 */
function adminCall<K extends keyof AdminEndpoints & string>(
  name: K,
  options: Pick<CallOptions<AdminEndpoints[K]>, 'query' | 'body'> = {},
) {
  return callAsUser(adminQueriesApi, name, options);
}

/** GET /listUsers: a page of every account, or of those whose e-mail contains `emailPart`. */
export async function listUsers(token?: string, emailPart?: string): Promise<UserPage> {
  return adminCall('listUsers', {
    query: { email: emailPart || undefined, token: token || undefined },
  });
}

export async function listEditors(token?: string): Promise<UserPage> {
  return adminCall('listUsersInGroup', {
    query: { groupname: EDITOR_GROUP, token: token || undefined },
  });
}

/** GET /userCounts: the directory's users (Cognito's estimate), editors and admins. */
export async function getUserCounts(): Promise<UserCounts> {
  return adminCall('userCounts');
}

export type ToggleAction = 'ENABLE' | 'DISABLE';

/** §4 admin user toggle: ENABLE or DISABLE calls the matching endpoint. */
export async function toggleUser(username: string, action: ToggleAction): Promise<void> {
  await adminCall(action === 'ENABLE' ? 'enableUser' : 'disableUser', { body: { username } });
}

/**
 * GET /editorPermissions: the stored set (null when the account has none yet), its version and
 * who changed it last.
 */
export async function getEditorPermissions(email: string): Promise<EditorPermissionsView> {
  return adminCall('editorPermissions', { query: { email } });
}

/**
 * PUT /editorPermissions: replaces the editor's whole set (§3, every resource and action) if it
 * is still at `version`; otherwise the API answers 409 and nothing changes.
 */
export async function putEditorPermissions(
  change: EditorPermissionsChange,
): Promise<EditorPermissionsView> {
  return adminCall('saveEditorPermissions', { body: change });
}
