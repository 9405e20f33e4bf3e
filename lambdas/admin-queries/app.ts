import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  DIRECTORY_PAGE_SIZE,
  editorPermissionsBody,
  editorPermissionsQuery,
  listUsersInGroupQuery,
  listUsersQuery,
  usernameBody,
} from '../../core/admin-queries';
import {
  InvalidPageTokenError,
  subOf,
  UnknownUserError,
  type IdentityDirectory,
} from '../ports/identity-directory';
import type { SessionRevocations } from '../ports/session-revocations';
import type { UsersRepository } from '../ports/users-repository';
import type { Caller } from '../shared/claims';
import { createApiHandler, type ApiHandler } from '../shared/dispatch';
import { HttpError, json, jsonBody, parseOr400 } from '../shared/http';
import { requireAdmin, requireUserListAccess } from './authorize';
import { readEditorPermissions, saveEditorPermissions } from './editor-permissions';
import { ADMIN_QUERIES_ROUTES } from './routes';

export interface AdminQueriesDeps {
  readonly directory: IdentityDirectory;
  readonly users: UsersRepository;
  readonly revocations: SessionRevocations;
  readonly clock?: () => Date;
}

/** Every name the caller's own account answers to: sub, e-mail and the directory user name. */
function ownNames({ sub, email, username }: Caller): string[] {
  // Compared without case, so a differently cased e-mail cannot slip past the check.
  return [sub, ...(email ? [email] : []), ...(username ? [username] : [])].map((name) =>
    name.toLowerCase(),
  );
}

/** The directory's refusals as the caller's errors: unknown user 404, bad page token 400. */
async function directoryCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnknownUserError) throw new HttpError(404, 'User not found');
    if (error instanceof InvalidPageTokenError) {
      throw new HttpError(400, 'token: the page token is not valid: load the list from the start');
    }
    throw error;
  }
}

/**
 * AdminQueries: list, enable and disable users, list editors (SPEC §7), and read or set an
 * editor's permission set (§3, §6). Admins may do everything; editors whose stored set grants
 * USERS read may list users, nothing more. Checked here, before any lookup of the target.
 */
export function createAdminQueriesApi({
  directory,
  users,
  revocations,
  clock = () => new Date(),
}: AdminQueriesDeps): ApiHandler {
  const query = (event: APIGatewayProxyEvent) => event.queryStringParameters ?? {};
  return createApiHandler(
    ADMIN_QUERIES_ROUTES,
    {
      'GET /listUsers': async (event) => {
        await requireUserListAccess(event, users);
        const {
          limit = DIRECTORY_PAGE_SIZE,
          token,
          email,
        } = parseOr400(listUsersQuery, query(event));
        const page = await directoryCall(() =>
          directory.listUsers({
            limit,
            ...(token ? { token } : {}),
            ...(email ? { emailPrefix: email } : {}),
          }),
        );
        return json(200, page);
      },
      'GET /listUsersInGroup': async (event) => {
        requireAdmin(event);
        const {
          groupname,
          limit = DIRECTORY_PAGE_SIZE,
          token,
        } = parseOr400(listUsersInGroupQuery, query(event));
        const page = await directoryCall(() =>
          directory.listUsersInGroup(groupname, { limit, ...(token ? { token } : {}) }),
        );
        return json(200, page);
      },
      'POST /enableUser': async (event) => {
        requireAdmin(event);
        const { username } = parseOr400(usernameBody, jsonBody(event));
        await directoryCall(() => directory.enableUser(username));
        return json(200, { message: `Enabled ${username}` });
      },
      'POST /disableUser': async (event) => {
        const caller = requireAdmin(event);
        const { username } = parseOr400(usernameBody, jsonBody(event));
        if (ownNames(caller).includes(username.toLowerCase())) {
          throw new HttpError(400, 'You cannot disable your own account');
        }
        const target = await directoryCall(() => directory.getUser(username));
        await directoryCall(() => directory.disableUser(username));
        // The ID tokens it already holds would pass API Gateway's authorizer for up to an hour.
        await revocations.revokeAllBefore(subOf(target), clock().getTime());
        return json(200, { message: `Disabled ${username}` });
      },
      'GET /editorPermissions': async (event) => {
        requireAdmin(event);
        const { email } = parseOr400(editorPermissionsQuery, query(event));
        return json(
          200,
          await directoryCall(() => readEditorPermissions({ directory, users }, email)),
        );
      },
      'PUT /editorPermissions': async (event) => {
        const caller = requireAdmin(event);
        const change = parseOr400(editorPermissionsBody, jsonBody(event));
        const saved = await directoryCall(() =>
          saveEditorPermissions(
            { directory, users, clock },
            // An audit entry names the admin by an e-mail the token vouches for, else by sub.
            { ...change, by: (caller.emailVerified && caller.email) || caller.sub },
          ),
        );
        return json(200, saved);
      },
    },
    { revocations, now: () => clock().getTime() },
  );
}
