import type { UserPage } from '../directory-user';
import type { EditorPermissionsView } from '../user-record';
import { answers, defineRoutes } from './contract';

/** What enableUser and disableUser answer. */
export interface AdminMessage {
  readonly message: string;
}

/**
 * How many accounts the directory holds (the admin dashboard's figures): all users as the
 * directory estimates them (Cognito's EstimatedNumberOfUsers), and the members of the editor and
 * admin groups, counted.
 */
export interface UserCounts {
  readonly users: number;
  readonly editors: number;
  readonly admins: number;
}

const admin = { auth: 'cognito', cache: 'no-store' } as const;

/**
 * The AdminQueries API's routes (/api/admin, SPEC §7, plus editor permissions): the ID token in
 * Authorization; the admin group (or, for listing users, an editor's USERS read) is checked by the
 * handler before it reads any input (whose schemas are in admin-queries.ts).
 */
export const ADMIN_QUERIES_ROUTES = defineRoutes({
  name: 'admin',
  prefix: '/api/admin',
  endpoints: {
    listUsers: { ...admin, method: 'GET', path: '/listUsers', answer: answers<UserPage>() },
    listUsersInGroup: {
      ...admin,
      method: 'GET',
      path: '/listUsersInGroup',
      answer: answers<UserPage>(),
    },
    enableUser: { ...admin, method: 'POST', path: '/enableUser', answer: answers<AdminMessage>() },
    disableUser: {
      ...admin,
      method: 'POST',
      path: '/disableUser',
      answer: answers<AdminMessage>(),
    },
    userCounts: { ...admin, method: 'GET', path: '/userCounts', answer: answers<UserCounts>() },
    editorPermissions: {
      ...admin,
      method: 'GET',
      path: '/editorPermissions',
      answer: answers<EditorPermissionsView>(),
    },
    saveEditorPermissions: {
      ...admin,
      method: 'PUT',
      path: '/editorPermissions',
      answer: answers<EditorPermissionsView>(),
    },
  },
});
