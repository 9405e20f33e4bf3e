import {
  attributeOf,
  InvalidPageTokenError,
  UnknownUserError,
  type DirectoryUser,
  type IdentityDirectory,
  type PageOptions,
  type UserPage,
} from '../../../ports/identity-directory';

/**
 * The user directory in memory, with the Cognito adapter's semantics: pages of at most `limit`
 * users with a NextToken while more remain (a token from another listing is refused), e-mail
 * prefixes and user names matched without case (a pool with case-insensitive sign-in), users
 * found by user name or e-mail. For unit tests of the AdminQueries API.
 */
export class InMemoryIdentityDirectory implements IdentityDirectory {
  private readonly users: DirectoryUser[] = [];
  private readonly groups = new Map<string, Set<string>>();

  constructor(users: readonly { user: DirectoryUser; groups?: readonly string[] }[] = []) {
    for (const { user, groups } of users) this.add(user, groups);
  }

  /** Adds a user (as an administrator creates one), in the given groups. */
  add(user: DirectoryUser, groups: readonly string[] = []): void {
    this.users.push(user);
    this.groups.set(user.Username.toLowerCase(), new Set(groups));
  }

  async listUsers(page: PageOptions): Promise<UserPage> {
    return pageOf(this.users, page, 'users');
  }

  async listUsersInGroup(group: string, page: PageOptions): Promise<UserPage> {
    const members = this.users.filter((u) => this.groupsOf(u).has(group));
    return pageOf(members, page, `group:${group}`);
  }

  async countUsers(): Promise<number> {
    return this.users.length;
  }

  async getUser(username: string): Promise<DirectoryUser> {
    return this.find(username);
  }

  async groupsOfUser(username: string): Promise<readonly string[]> {
    return [...this.groupsOf(this.find(username))];
  }

  async enableUser(username: string): Promise<void> {
    this.setEnabled(username, true);
  }

  async disableUser(username: string): Promise<void> {
    this.setEnabled(username, false);
  }

  private groupsOf(user: DirectoryUser): ReadonlySet<string> {
    return this.groups.get(user.Username.toLowerCase()) ?? new Set();
  }

  /** By user name or e-mail, without case, as Cognito accepts either. */
  private find(name: string): DirectoryUser {
    const wanted = name.toLowerCase();
    const found = this.users.find(
      (u) =>
        u.Username.toLowerCase() === wanted || attributeOf(u, 'email')?.toLowerCase() === wanted,
    );
    if (!found) throw new UnknownUserError(`Unknown user ${name}`);
    return found;
  }

  private setEnabled(name: string, enabled: boolean): void {
    const at = this.users.indexOf(this.find(name));
    this.users[at] = { ...this.users[at]!, Enabled: enabled };
  }
}

/** One page of `users`. The token is the next offset, tied to the listing it continues. */
function pageOf(
  users: readonly DirectoryUser[],
  { limit, token }: PageOptions,
  listing: string,
): UserPage {
  const from = token === undefined ? 0 : offsetIn(token, listing);
  const next = from + limit;
  return {
    Users: users.slice(from, next),
    ...(next < users.length && { NextToken: `${listing}#${next}` }),
  };
}

function offsetIn(token: string, listing: string): number {
  const match = /^(.*)#(\d+)$/s.exec(token);
  if (match?.[1] !== listing) throw new InvalidPageTokenError(`Invalid pagination token ${token}`);
  return Number(match[2]);
}
