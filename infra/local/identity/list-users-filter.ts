import type { Route, Router } from 'cognito-local/lib/server/Router';
import { InvalidParameterError } from 'cognito-local/lib/errors';
import { attributeValue } from 'cognito-local/lib/services/userPoolService';

/** ListUsers' Filter as Cognito reads it: `attribute = "value"` or `attribute ^= "value"`. */
export interface UserFilter {
  readonly attribute: string;
  readonly type: '=' | '^=';
  readonly value: string;
}

/** A listed user as ListUsers answers (only what a filter reads). */
export interface FilterableUser {
  readonly Username?: string;
  readonly Attributes?: Parameters<typeof attributeValue>[1];
  readonly Enabled?: boolean;
  readonly UserStatus?: string;
}

type Field = {
  readonly read: (user: FilterableUser) => string | undefined;
  readonly exact: boolean;
};
const attribute =
  (name: string) =>
  (user: FilterableUser): string | undefined =>
    attributeValue(name, user.Attributes);

/**
 * The attributes Cognito can search. Values are matched without case except `username` and
 * `status` (Cognito's ListUsers reference marks those two case-sensitive).
 */
const FIELDS: Readonly<Record<string, Field>> = {
  username: { read: (u) => u.Username, exact: true },
  status: { read: (u) => (u.Enabled === false ? 'Disabled' : 'Enabled'), exact: true },
  'cognito:user_status': { read: (u) => u.UserStatus, exact: false },
  ...Object.fromEntries(
    ['email', 'phone_number', 'name', 'given_name', 'family_name', 'preferred_username', 'sub'].map(
      (name) => [name, { read: attribute(name), exact: false }],
    ),
  ),
};

const GRAMMAR = /^\s*([\w:]+)\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/s;

/** Parses a filter; a malformed one or an unsearchable attribute is Cognito's 400. */
export function parseUserFilter(filter: string): UserFilter {
  const match = GRAMMAR.exec(filter);
  if (!match) throw new InvalidParameterError('Error while parsing filter.');
  const [, name = '', type, raw = ''] = match;
  if (!FIELDS[name]) throw new InvalidParameterError(`Invalid search attribute: ${name}`);
  // The value's backslash escapes (\" and \\) stand for the character they escape.
  return { attribute: name, type: type === '^=' ? '^=' : '=', value: raw.replace(/\\(.)/gs, '$1') };
}

export function matchesUserFilter(user: FilterableUser, filter: UserFilter): boolean {
  const field = FIELDS[filter.attribute];
  const stored = field?.read(user);
  if (!field || stored === undefined) return false;
  const [have, want] = field.exact
    ? [stored, filter.value]
    : [stored.toLowerCase(), filter.value.toLowerCase()];
  return filter.type === '=' ? have === want : have.startsWith(want);
}

/**
 * ListUsers' Filter as Cognito applies it. cognito-local reads the value up to the last quote
 * without unescaping and compares e-mails with case, so `email ^= "Ann"` missed ann@… and a
 * quote in the value could never match; here the filter is parsed and applied as Cognito does.
 */
export function withListUsersFilter(base: Router): Router {
  return (target) => {
    const fallback: Route = base(target);
    if (target !== 'ListUsers') return fallback;
    return async (ctx, req) => {
      const text: unknown = req?.Filter;
      // An empty filter lists everyone, as in Cognito.
      if (typeof text !== 'string' || text.trim() === '') return fallback(ctx, req);
      const filter = parseUserFilter(text);
      const result = (await fallback(ctx, { ...req, Filter: undefined })) as {
        Users?: FilterableUser[];
      };
      return { ...result, Users: (result.Users ?? []).filter((u) => matchesUserFilter(u, filter)) };
    };
  };
}
