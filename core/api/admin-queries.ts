import {
  editorPermissionsBody,
  editorPermissionsQuery,
  listUsersInGroupQuery,
  listUsersQuery,
  usernameBody,
} from '../admin-queries';
import type { UserPage } from '../directory-user';
import type { EditorPermissionsView } from '../user-record';
import { answers, defineApi } from './contract';

/** What enableUser and disableUser answer. */
export interface AdminMessage {
  readonly message: string;
}

const admin = { auth: 'cognito', cache: 'no-store' } as const;

/**
 * The AdminQueries API (/api/admin, SPEC §7, plus editor permissions): the ID token in
 * Authorization; the admin group (or, for listing users, an editor's USERS read) is checked by the
 * handler before it reads any input.
 */
export const ADMIN_QUERIES_API = defineApi({
  name: 'admin',
  prefix: '/api/admin',
  endpoints: {
    listUsers: {
      ...admin,
      method: 'GET',
      path: '/listUsers',
      query: listUsersQuery,
      answer: answers<UserPage>(),
    },
    listUsersInGroup: {
      ...admin,
      method: 'GET',
      path: '/listUsersInGroup',
      query: listUsersInGroupQuery,
      answer: answers<UserPage>(),
    },
    enableUser: {
      ...admin,
      method: 'POST',
      path: '/enableUser',
      body: usernameBody,
      answer: answers<AdminMessage>(),
    },
    disableUser: {
      ...admin,
      method: 'POST',
      path: '/disableUser',
      body: usernameBody,
      answer: answers<AdminMessage>(),
    },
    editorPermissions: {
      ...admin,
      method: 'GET',
      path: '/editorPermissions',
      query: editorPermissionsQuery,
      answer: answers<EditorPermissionsView>(),
    },
    saveEditorPermissions: {
      ...admin,
      method: 'PUT',
      path: '/editorPermissions',
      body: editorPermissionsBody,
      answer: answers<EditorPermissionsView>(),
    },
  },
});
