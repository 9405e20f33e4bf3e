import type { Route, Router } from 'cognito-local/lib/server/Router';
import { InvalidParameterError } from 'cognito-local/lib/errors';

/** ListUsers and ListUsersInGroup: Limit defaults to 60 and may not exceed it, as in Cognito. */
export const USERS_PAGE_LIMIT = 60;

export interface Page<T> {
  readonly items: T[];
  /** Opaque; present while more follow. */
  readonly next?: string;
}

/** Where the next page starts, and the query it belongs to (a token is good for that query only). */
interface Cursor {
  readonly offset: number;
  readonly query: string;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(token: unknown, query: string): number {
  if (token === undefined || token === null) return 0;
  let cursor: Partial<Cursor> | undefined;
  try {
    cursor = JSON.parse(Buffer.from(String(token), 'base64url').toString('utf8')) as Cursor;
  } catch {
    cursor = undefined;
  }
  const offset = cursor?.offset;
  if (!Number.isSafeInteger(offset) || (offset as number) < 0 || cursor?.query !== query) {
    throw new InvalidParameterError('Invalid pagination token');
  }
  return offset as number;
}

function limitOf(limit: unknown): number {
  if (limit === undefined || limit === null || limit === 0) return USERS_PAGE_LIMIT;
  if (!Number.isInteger(limit) || (limit as number) < 0 || (limit as number) > USERS_PAGE_LIMIT) {
    throw new InvalidParameterError(
      `1 validation error detected: Value '${String(limit)}' at 'limit' failed to satisfy constraint: ` +
        `Member must have value less than or equal to ${USERS_PAGE_LIMIT}`,
    );
  }
  return limit as number;
}

/** One page of `items` for the request's Limit and token. */
export function pageOf<T>(
  items: readonly T[],
  limit: unknown,
  token: unknown,
  query: string,
): Page<T> {
  const size = limitOf(limit);
  const offset = decode(token, query);
  const end = offset + size;
  return {
    items: items.slice(offset, end),
    ...(end < items.length ? { next: encode({ offset: end, query }) } : {}),
  };
}

/** Which field carries each operation's token, and what a token is tied to. */
const PAGED: Readonly<
  Record<string, { token: string; query: (req: Record<string, unknown>) => string }>
> = {
  ListUsers: { token: 'PaginationToken', query: (req) => String(req.Filter ?? '') },
  ListUsersInGroup: { token: 'NextToken', query: (req) => String(req.GroupName ?? '') },
};

/**
 * Limit and the page token of ListUsers and ListUsersInGroup, which cognito-local ignores (it
 * answers everyone at once). Wraps the Filter: a page is counted after filtering, as in Cognito.
 */
export function withUserPages(base: Router): Router {
  return (target) => {
    const fallback: Route = base(target);
    const paged = PAGED[target];
    if (!paged) return fallback;
    return async (ctx, req: Record<string, unknown>) => {
      const query = paged.query(req ?? {});
      const result = (await fallback(ctx, {
        ...req,
        Limit: undefined,
        [paged.token]: undefined,
      })) as {
        Users?: unknown[];
      };
      const page = pageOf(result.Users ?? [], req?.Limit, req?.[paged.token], query);
      return { ...result, Users: page.items, ...(page.next ? { [paged.token]: page.next } : {}) };
    };
  };
}
