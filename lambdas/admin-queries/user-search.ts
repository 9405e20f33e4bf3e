import * as z from 'zod';
import { DIRECTORY_PAGE_SIZE } from '../../core/admin-queries';
import {
  attributeOf,
  InvalidPageTokenError,
  type DirectoryUser,
  type IdentityDirectory,
  type UserPage,
} from '../ports/identity-directory';

/**
 * The admin's user search: the accounts whose e-mail contains the typed text anywhere ("smith"
 * finds jane.smith@…), which the directory cannot filter (Cognito's ListUsers matches a prefix at
 * most). The directory's pages are read here and matched; a page of results ends where its last
 * match was, and its token says where to read on: the directory's page and how many of its users
 * were already looked at.
 */

/** Directory pages read for one answer at most (60 users each): a rare text ends it early. */
export const SEARCH_PAGES_PER_ANSWER = 10;

const cursorSchema = z.strictObject({
  /** The directory's token of the page to read (none: the first page). */
  page: z.string().min(1).optional(),
  /** How many users at the start of that page were already looked at. */
  skip: z.int().min(0).max(DIRECTORY_PAGE_SIZE),
});
type Cursor = z.infer<typeof cursorSchema>;

const encode = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

function decode(token: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
  } catch {
    throw new InvalidPageTokenError('not a user search token');
  }
}

const contains = (user: DirectoryUser, text: string): boolean =>
  (attributeOf(user, 'email') ?? '').toLowerCase().includes(text);

/** A page of at most `limit` users whose e-mail contains `text` (any case), and where to go on. */
export async function searchUsersByEmail(
  directory: IdentityDirectory,
  text: string,
  { limit, token }: { readonly limit: number; readonly token?: string },
): Promise<UserPage> {
  const wanted = text.toLowerCase();
  let cursor: Cursor = token ? decode(token) : { skip: 0 };
  const found: DirectoryUser[] = [];
  for (let read = 0; read < SEARCH_PAGES_PER_ANSWER; read += 1) {
    const page = await directory.listUsers({
      limit: DIRECTORY_PAGE_SIZE,
      ...(cursor.page && { token: cursor.page }),
    });
    const users = page.Users;
    for (let i = cursor.skip; i < users.length; i += 1) {
      if (!contains(users[i]!, wanted)) continue;
      found.push(users[i]!);
      if (found.length < limit) continue;
      const next: Cursor | undefined =
        i + 1 < users.length
          ? { ...(cursor.page && { page: cursor.page }), skip: i + 1 }
          : page.NextToken
            ? { page: page.NextToken, skip: 0 }
            : undefined;
      return { Users: found, ...(next && { NextToken: encode(next) }) };
    }
    if (!page.NextToken) return { Users: found };
    cursor = { page: page.NextToken, skip: 0 };
  }
  // Not through the directory yet: what was found, and the token to read on.
  return { Users: found, NextToken: encode(cursor) };
}
