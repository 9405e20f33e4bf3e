import type { DirectoryUser, UserPage } from '../../core/directory-user';

export type { DirectoryUser, UserPage };

export interface PageOptions {
  readonly limit: number;
  readonly token?: string;
}

/** Port over the user directory (Cognito in AWS, the local identity service locally). */
export interface IdentityDirectory {
  /**
   * Every user, page by page (the admin's search matches within the e-mail itself: Cognito filters
   * by prefix at most, lambdas/admin-queries/user-search.ts). Both listings: InvalidPageTokenError
   * for a token the directory does not accept.
   */
  listUsers(options: PageOptions): Promise<UserPage>;
  listUsersInGroup(group: string, options: PageOptions): Promise<UserPage>;
  /** One user by user name or e-mail; UnknownUserError when there is none. */
  getUser(username: string): Promise<DirectoryUser>;
  /** The names of the groups the user is in; UnknownUserError when there is no such user. */
  groupsOfUser(username: string): Promise<readonly string[]>;
  enableUser(username: string): Promise<void>;
  /** How many users the pool holds, as the directory estimates it (Cognito's estimate). */
  countUsers(): Promise<number>;
  disableUser(username: string): Promise<void>;
}

/** The directory's answer for an unknown user (the API maps it to 404). */
export class UnknownUserError extends Error {
  override readonly name = 'UnknownUserError';
}

/** A page token the directory does not accept (stale, or from elsewhere): the API's 400. */
export class InvalidPageTokenError extends Error {
  override readonly name = 'InvalidPageTokenError';
}

/** An attribute's value (e-mail, sub, phone_number) from the directory's name/value list. */
export const attributeOf = (user: DirectoryUser, name: string): string | undefined =>
  user.Attributes.find((a) => a.Name === name)?.Value;

/** The user's Cognito sub (the key of their records); the user name when the directory has none. */
export const subOf = (user: DirectoryUser): string => attributeOf(user, 'sub') ?? user.Username;
