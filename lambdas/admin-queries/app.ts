import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';
import { EDITOR_GROUP } from '../../core/constants';
import { permissionSetSchema } from '../../core/permissions-schema';
import { emailSchema } from '../../core/validation';
import { UnknownUserError, type IdentityDirectory } from '../ports/identity-directory';
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
  readonly clock?: () => Date;
}

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 60';
const pageQuery = z.strictObject({
  // Cognito's ListUsers and ListUsersInGroup return at most 60 users a page.
  limit: z
    .string()
    .regex(/^\d+$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(60, LIMIT_MESSAGE))
    .optional(),
  token: z.string().min(1, 'token cannot be empty').max(4096, 'token is too long').optional(),
});
const usersQuery = pageQuery.extend({
  // A prefix of e-mail addresses (Cognito's filter takes at most 256 characters in all).
  email: z
    .string()
    .trim()
    .min(1, 'email cannot be empty')
    .max(128, 'email is too long')
    .regex(/^[^\p{Cc}]*$/u, 'email cannot contain control characters')
    .optional(),
});
const groupQuery = pageQuery.extend({
  groupname: z.literal(EDITOR_GROUP, `groupname must be "${EDITOR_GROUP}"`),
});
const usernameBody = z.strictObject({
  username: z
    .string('username is required')
    .trim()
    .min(1, 'username is required')
    .max(128, 'username is too long'),
});
const emailQuery = z.strictObject({ email: emailSchema });
const VERSION_MESSAGE = 'version must be the whole number GET /editorPermissions answered';
const permissionsBody = z.strictObject({
  email: emailSchema,
  permissionSet: permissionSetSchema,
  version: z.number(VERSION_MESSAGE).int(VERSION_MESSAGE).min(0, VERSION_MESSAGE),
});

/** Every name the caller's own account answers to: sub, e-mail and the directory Username. */
function ownNames(event: APIGatewayProxyEvent, caller: Caller): string[] {
  const username: unknown = event.requestContext.authorizer?.claims?.['cognito:username'];
  const names = [caller.sub, caller.email, ...(typeof username === 'string' ? [username] : [])];
  // Compared without case, so a differently cased e-mail cannot slip past the check.
  return names.map((name) => name.toLowerCase());
}

async function directoryCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnknownUserError) throw new HttpError(404, 'User not found');
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
  clock = () => new Date(),
}: AdminQueriesDeps): ApiHandler {
  const query = (event: APIGatewayProxyEvent) => event.queryStringParameters ?? {};
  return createApiHandler(ADMIN_QUERIES_ROUTES, {
    'GET /listUsers': async (event) => {
      await requireUserListAccess(event, users);
      const { limit = 60, token, email } = parseOr400(usersQuery, query(event));
      return json(
        200,
        await directory.listUsers({
          limit,
          ...(token ? { token } : {}),
          ...(email ? { emailPrefix: email } : {}),
        }),
      );
    },
    'GET /listUsersInGroup': async (event) => {
      requireAdmin(event);
      const { groupname, limit = 60, token } = parseOr400(groupQuery, query(event));
      return json(
        200,
        await directory.listUsersInGroup(groupname, { limit, ...(token ? { token } : {}) }),
      );
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
      if (ownNames(event, caller).includes(username.toLowerCase())) {
        throw new HttpError(400, 'You cannot disable your own account');
      }
      await directoryCall(() => directory.disableUser(username));
      return json(200, { message: `Disabled ${username}` });
    },
    'GET /editorPermissions': async (event) => {
      requireAdmin(event);
      const { email } = parseOr400(emailQuery, query(event));
      return json(
        200,
        await directoryCall(() => readEditorPermissions({ directory, users }, email)),
      );
    },
    'PUT /editorPermissions': async (event) => {
      const caller = requireAdmin(event);
      const change = parseOr400(permissionsBody, jsonBody(event));
      const saved = await directoryCall(() =>
        saveEditorPermissions({ directory, users, clock }, { ...change, by: caller.email }),
      );
      return json(200, saved);
    },
  });
}
