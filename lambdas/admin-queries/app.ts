import { ADMIN_QUERIES_API } from '../../core/api/admin-queries';
import { DIRECTORY_PAGE_SIZE } from '../../core/admin-queries';
import { ADMIN_GROUP, EDITOR_GROUP } from '../../core/constants';
import type { IdentityDirectory } from '../ports/identity-directory';
import type { SessionRevocations } from '../ports/session-revocations';
import type { UsersRepository } from '../ports/users-repository';
import { createContractHandler } from '../shared/contract-handler';
import type { ApiHandler } from '../shared/dispatch';
import { requireAdmin, requireUserListAccess } from './authorize';
import { readEditorPermissions, saveEditorPermissions } from './editor-permissions';
import { directoryCall, disableUser } from './user-admin';
import { searchUsersByEmail } from './user-search';

/** Cognito's largest ListUsersInGroup page. */
const MAX_GROUP_PAGE = 60;

export interface AdminQueriesDeps {
  readonly directory: IdentityDirectory;
  readonly users: UsersRepository;
  readonly revocations: SessionRevocations;
  readonly clock?: () => Date;
}

/**
 * AdminQueries: list, enable and disable users, list editors (SPEC §7), and read or set an
 * editor's permission set (§3, §6). Admins may do everything; editors whose stored set grants
 * USERS read may list users, nothing more — checked before any input is read.
 */
export function createAdminQueriesApi(deps: AdminQueriesDeps): ApiHandler {
  const { directory, users, revocations, clock = () => new Date() } = deps;
  const page = (limit = DIRECTORY_PAGE_SIZE, token?: string) => ({
    limit,
    ...(token && { token }),
  });
  const adminOnly = { authorize: requireAdmin } as const;
  return createContractHandler(
    ADMIN_QUERIES_API,
    {
      listUsers: {
        authorize: (caller) => requireUserListAccess(caller, users),
        handle: ({ query: { limit, token, email } }) =>
          directoryCall(() =>
            email
              ? searchUsersByEmail(directory, email, page(limit, token))
              : directory.listUsers(page(limit, token)),
          ),
      },
      listUsersInGroup: {
        ...adminOnly,
        handle: ({ query: { groupname, limit, token } }) =>
          directoryCall(() => directory.listUsersInGroup(groupname, page(limit, token))),
      },
      userCounts: {
        ...adminOnly,
        handle: async () => {
          const [users, editors, admins] = await Promise.all([
            directoryCall(() => directory.countUsers()),
            countMembers(directory, EDITOR_GROUP),
            countMembers(directory, ADMIN_GROUP),
          ]);
          return { users, editors, admins };
        },
      },
      enableUser: {
        ...adminOnly,
        handle: async ({ body: { username } }) => {
          await directoryCall(() => directory.enableUser(username));
          return { message: `Enabled ${username}` };
        },
      },
      disableUser: {
        ...adminOnly,
        handle: ({ caller, body: { username } }) =>
          disableUser({ directory, revocations, now: clock().getTime() }, caller, username),
      },
      editorPermissions: {
        ...adminOnly,
        handle: ({ query: { email } }) =>
          directoryCall(() => readEditorPermissions({ directory, users }, email)),
      },
      saveEditorPermissions: {
        ...adminOnly,
        handle: ({ caller, body }) =>
          directoryCall(() =>
            saveEditorPermissions(
              { directory, users, clock },
              // An audit entry names the admin by an e-mail the token vouches for, else by sub.
              { ...body, by: (caller.emailVerified && caller.email) || caller.sub },
            ),
          ),
      },
    },
    { revocations, now: () => clock().getTime() },
  );
}

/** The members of a group, counted page by page (the directory's largest page). */
async function countMembers(directory: IdentityDirectory, group: string): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const page = await directoryCall(() =>
      directory.listUsersInGroup(group, { limit: MAX_GROUP_PAGE, ...(token && { token }) }),
    );
    count += page.Users.length;
    token = page.NextToken;
  } while (token);
  return count;
}
