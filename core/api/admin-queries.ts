import {
  editorPermissionsBody,
  editorPermissionsQuery,
  listUsersInGroupQuery,
  listUsersQuery,
  usernameBody,
} from '../admin-queries';
import { ADMIN_QUERIES_ROUTES } from './admin-queries-routes';
import { withSchemas } from './contract';

export type { AdminMessage, UserCounts } from './admin-queries-routes';

/** The AdminQueries API's contract: its routes with the query or body each validates. */
export const ADMIN_QUERIES_API = withSchemas(ADMIN_QUERIES_ROUTES, {
  listUsers: { query: listUsersQuery },
  listUsersInGroup: { query: listUsersInGroupQuery },
  enableUser: { body: usernameBody },
  disableUser: { body: usernameBody },
  editorPermissions: { query: editorPermissionsQuery },
  saveEditorPermissions: { body: editorPermissionsBody },
});
