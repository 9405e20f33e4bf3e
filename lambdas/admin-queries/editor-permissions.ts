import { EDITOR_GROUP } from '../../core/constants';
import type { PermissionSet } from '../../core/permissions';
import {
  newUserRecord,
  type EditorPermissionsView,
  type StoredPermissions,
} from '../../core/user-record';
import {
  attributeOf,
  subOf,
  type DirectoryUser,
  type IdentityDirectory,
} from '../ports/identity-directory';
import {
  ItemTooLargeError,
  VersionConflictError,
  type UsersRepository,
} from '../ports/users-repository';
import { Conflict, Invalid, TooLarge } from '../../core/domain-errors';
import { appendAudit, auditEntry, lastChangeOf } from './permission-audit';

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
// Bounded sets keep the record far below the limit: reaching it means something else grew it.
const TOO_LARGE_MESSAGE =
  'The permission set and its history are too large to store: list fewer item identifiers.';

/** The answer of GET and PUT /editorPermissions for what is stored. */
function permissionsView(stored: StoredPermissions): EditorPermissionsView {
  return {
    email: stored.email,
    permissionSet: stored.permissionSet,
    version: stored.version,
    lastChange: lastChangeOf(stored.audit),
  };
}

/**
 * GET /editorPermissions. The directory names the account's sub (the record's key) for the e-mail
 * the admin asks about. An account the users table does not know (created by an administrator,
 * never signed up) has no set yet, version 0: its first PUT creates the record. Unknown to the
 * directory: UnknownUserError (404).
 */
export async function readEditorPermissions(
  { directory, users }: Pick<EditorPermissionsDeps, 'directory' | 'users'>,
  email: string,
): Promise<EditorPermissionsView> {
  const user = await directory.getUser(email);
  const stored = await users.getPermissions(subOf(user));
  if (stored) return permissionsView(stored);
  return {
    email: (attributeOf(user, 'email') ?? email).toLowerCase(),
    permissionSet: null,
    version: 0,
    lastChange: null,
  };
}

/** The stored permissions of an account, creating the record sign-up never made (no set yet). */
async function storedOrCreated(
  { users, clock }: EditorPermissionsDeps,
  email: string,
  user: DirectoryUser,
): Promise<StoredPermissions> {
  const sub = subOf(user);
  const stored = await users.getPermissions(sub);
  if (stored) return stored;
  const record = newUserRecord({
    email: attributeOf(user, 'email') ?? email,
    sub,
    phoneNumber: attributeOf(user, 'phone_number'),
    createdAt: user.UserCreateDate ?? clock().toISOString(),
  });
  const none = { sub, email: record.email, permissionSet: null, version: 0, audit: [] };
  if (await users.createIfAbsent(record)) return none;
  // Created meanwhile (a sign-up confirmed, another admin): use what is stored.
  return (await users.getPermissions(sub)) ?? none;
}

/**
 * PUT /editorPermissions: only for members of the editor group; a write conditional on the
 * version the admin edited, with an audit entry (who, when, what changed) in the same write.
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
    throw new Invalid(NOT_EDITOR_MESSAGE);
  }
  const stored = await storedOrCreated(deps, change.email, user);
  if (change.version !== stored.version) throw new Conflict(CONFLICT_MESSAGE);

  const entry = auditEntry(
    change.by,
    clock().toISOString(),
    stored.permissionSet?.accessLevels ?? null,
    change.permissionSet,
  );
  const saved: StoredPermissions = {
    sub: stored.sub,
    email: stored.email,
    permissionSet: { accessLevels: change.permissionSet },
    version: stored.version + 1,
    // Built from the trail read at `stored.version`: the conditional write fails if it moved.
    audit: appendAudit(stored.audit, entry),
  };
  try {
    await users.writePermissionSet(stored.sub, stored.version, {
      accessLevels: change.permissionSet,
      version: saved.version,
      audit: saved.audit,
    });
  } catch (error) {
    if (error instanceof VersionConflictError) throw new Conflict(CONFLICT_MESSAGE);
    if (error instanceof ItemTooLargeError) throw new TooLarge(TOO_LARGE_MESSAGE);
    throw error;
  }
  return permissionsView(saved);
}
