import * as z from 'zod';
import { EDITOR_GROUP } from './constants';
import { permissionSetSchema } from './permissions-schema';
import { emailSchema } from './validation';

/*
 * The AdminQueries API's requests (SPEC §7, plus editor permissions): validated by the handler,
 * bounded in the SPA's admin screens by the same numbers. Zod rides in the admin chunk only.
 */

/** Cognito's ListUsers and ListUsersInGroup answer at most 60 users a page. */
export const DIRECTORY_PAGE_SIZE = 60;
/** The longest text the user list's e-mail search takes. */
export const EMAIL_FILTER_MAX_LENGTH = 128;
const USERNAME_MAX_LENGTH = 128;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${DIRECTORY_PAGE_SIZE}`;
const pageQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d+$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(DIRECTORY_PAGE_SIZE, LIMIT_MESSAGE))
    .optional(),
  token: z.string().min(1, 'token cannot be empty').max(4096, 'token is too long').optional(),
});

/** GET /listUsers: a page, optionally of the users whose e-mail contains `email` (any case). */
export const listUsersQuery = pageQuery.extend({
  email: z
    .string()
    .trim()
    .min(1, 'email cannot be empty')
    .max(EMAIL_FILTER_MAX_LENGTH, 'email is too long')
    .regex(/^[^\p{Cc}]*$/u, 'email cannot contain control characters')
    .optional(),
});

/** GET /listUsersInGroup: only the editor group may be listed. */
export const listUsersInGroupQuery = pageQuery.extend({
  groupname: z.literal(EDITOR_GROUP, `groupname must be "${EDITOR_GROUP}"`),
});

/** POST /enableUser and /disableUser. */
export const usernameBody = z.strictObject({
  username: z
    .string('username is required')
    .trim()
    .min(1, 'username is required')
    .max(USERNAME_MAX_LENGTH, 'username is too long'),
});

/** GET /editorPermissions. */
export const editorPermissionsQuery = z.strictObject({ email: emailSchema });

const VERSION_MESSAGE = 'version must be the whole number GET /editorPermissions answered';
/** PUT /editorPermissions: the whole set, at the version the admin edited. */
export const editorPermissionsBody = z.strictObject({
  email: emailSchema,
  permissionSet: permissionSetSchema,
  version: z.number(VERSION_MESSAGE).int(VERSION_MESSAGE).min(0, VERSION_MESSAGE),
});
export type EditorPermissionsChange = z.infer<typeof editorPermissionsBody>;
