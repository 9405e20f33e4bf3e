import { EDITOR_GROUP } from '../../core/constants';
import type { PermissionSet } from '../../core/permissions';
import type { EditorPermissionsView, UserRecord } from '../../core/user-record';
import {
  attributeOf,
  type DirectoryUser,
  type IdentityDirectory,
} from '../ports/identity-directory';
import { VersionConflictError, type UsersRepository } from '../ports/users-repository';
import { HttpError } from '../shared/http';
import { appendAudit, lastChangeOf } from './permission-audit';

export interface EditorPermissionsDeps {
  readonly directory: IdentityDirectory;
  readonly users: UsersRepository;
  readonly clock: () => Date;
}

export interface PermissionSetChange {
  readonly email: string;
  readonly permissionSet: PermissionSet;
  /** The version the admin edited (from their GET); 0 when none was stored. */
  readonly version: number;
  /** The admin making the change: the e-mail of their verified token. */
  readonly by: string;
}

// No e-mail in these messages: a refusal names nobody.
const CONFLICT_MESSAGE =
  'The permission set was changed by someone else since you loaded it — reload it and make your change again.';
const NOT_EDITOR_MESSAGE =
  'This account is not in the editor group: only editors have a permission set.';

/** The view of a stored record: GET /editorPermissions. */
export function permissionsView(record: UserRecord): EditorPermissionsView {
  return {
    email: record.email,
    permissionSet: record.permissionSet
      ? { accessLevels: record.permissionSet.accessLevels }
      : null,
    version: record.permissionVersion ?? 0,
    lastChange: lastChangeOf(record.permissionAudit),
  };
}

/**
 * GET /editorPermissions. An account the directory knows but the users table does not (created by
 * an administrator, never signed up) has no set yet, version 0: its first PUT creates the record.
 * Unknown to both: UnknownUserError (404).
 */
export async function readEditorPermissions(
  { directory, users }: Pick<EditorPermissionsDeps, 'directory' | 'users'>,
  email: string,
): Promise<EditorPermissionsView> {
  const record = await users.get(email);
  if (record) return permissionsView(record);
  await directory.getUser(email);
  return { email: email.toLowerCase(), permissionSet: null, version: 0, lastChange: null };
}

/** The users-table record an account created by an administrator never got from sign-up. */
async function recordFromDirectory(
  { users, clock }: EditorPermissionsDeps,
  email: string,
  user: DirectoryUser,
): Promise<UserRecord> {
  const phoneNumber = attributeOf(user, 'phone_number');
  const record: UserRecord = {
    email: email.toLowerCase(),
    sub: attributeOf(user, 'sub') ?? user.Username,
    ...(phoneNumber ? { phoneNumber } : {}),
    createdAt: user.UserCreateDate ?? clock().toISOString(),
    subscription: null,
  };
  if (await users.createIfAbsent(record)) return record;
  // Created meanwhile (a sign-up confirmed, another admin): use what is stored.
  return (await users.get(email)) ?? record;
}

/**
 * PUT /editorPermissions: only for members of the editor group; a write conditional on the
 * version the admin edited, with an audit entry (who, when, before, after) in the same write.
 * A stale version is a 409 and changes nothing. Unknown accounts: UnknownUserError (404).
 */
export async function saveEditorPermissions(
  deps: EditorPermissionsDeps,
  change: PermissionSetChange,
): Promise<EditorPermissionsView> {
  const { directory, users, clock } = deps;
  const user = await directory.getUser(change.email);
  // The directory's own user name: Cognito's canonical name, whatever alias the admin typed.
  if (!(await directory.groupsOfUser(user.Username)).includes(EDITOR_GROUP)) {
    throw new HttpError(400, NOT_EDITOR_MESSAGE);
  }
  const record =
    (await users.get(change.email)) ?? (await recordFromDirectory(deps, change.email, user));
  const current = record.permissionVersion ?? 0;
  if (change.version !== current) throw new HttpError(409, CONFLICT_MESSAGE);

  const at = clock().toISOString();
  const entry = {
    by: change.by,
    at,
    before: record.permissionSet?.accessLevels ?? null,
    after: change.permissionSet,
  };
  const next = {
    accessLevels: change.permissionSet,
    version: current + 1,
    // Built from the record read at `current`: the conditional write fails if it moved since.
    audit: appendAudit(record.permissionAudit ?? [], entry),
  };
  try {
    await users.writePermissionSet(record.email, current, next);
  } catch (error) {
    if (error instanceof VersionConflictError) throw new HttpError(409, CONFLICT_MESSAGE);
    throw error;
  }
  return {
    email: record.email,
    permissionSet: { accessLevels: next.accessLevels },
    version: next.version,
    lastChange: { by: change.by, at },
  };
}
