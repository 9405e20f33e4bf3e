import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionSet } from '@core/permissions';
import { renderApp, stubApis, type RecordedRequest } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/test-utils';
import type { CuratedItem, CuratedItemVersion } from '../api/curated-item-api';

interface GraphqlBody {
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

const nameOf = (query: string) => /^(?:query|mutation) (\w+)/.exec(query)?.[1];

/**
 * A fake of the curation API's single-item fields for one kind and one company (unit tests of the
 * screens): it keeps the value, its version and history as the server does, answers a stale
 * version with Conflict, and lets a test refuse the read or the next update.
 */
export class CuratedItemServer<T> {
  item: CuratedItem<T>;
  history: CuratedItemVersion<T>[] = [];
  /** What the next update answers instead of applying it. */
  nextUpdateError: { errorType: string; message: string } | undefined;
  readForbidden = false;

  constructor(
    private readonly kind: 'Analyst' | 'Shariah',
    private readonly conflictMessage: string,
    isin: string,
    symbol: string,
    value: T | null,
    /** What the server makes of an input (e.g. stamps the symbol, the reviewer). */
    private readonly stored: (input: unknown) => T,
  ) {
    this.item = { isin, symbol, version: 0, updatedAt: null, updatedBy: null, value };
  }

  write(value: T, by = 'admin@example.com'): CuratedItem<T> {
    const version = this.item.version + 1;
    const updatedAt = `2025-03-0${Math.min(9, version)}T07:08:00.000Z`;
    this.history = [
      {
        isin: this.item.isin,
        version,
        before: this.item.value,
        after: value,
        updatedAt,
        updatedBy: by,
      },
      ...this.history,
    ];
    this.item = { ...this.item, value, version, updatedAt, updatedBy: by };
    return this.item;
  }

  private wire = (item: CuratedItem<T>) => ({
    ...item,
    value: item.value && JSON.stringify(item.value),
  });

  /** The handler for stubApis' extra '/graphql'. */
  readonly handle = (init?: RequestInit): Response => {
    const { query, variables } = JSON.parse(String(init?.body)) as GraphqlBody;
    const kind = this.kind;
    const lower = kind.toLowerCase();
    switch (nameOf(query)) {
      case `Curated${kind}`:
        if (this.readForbidden) {
          return jsonResponse({
            data: { [`curated${kind}`]: null },
            errors: [{ errorType: 'Forbidden', message: 'Forbidden' }],
          });
        }
        return jsonResponse({ data: { [`curated${kind}`]: this.wire(this.item) } });
      case `${kind}History`:
        return jsonResponse({
          data: {
            [`${lower}History`]: this.history.map((entry) => ({
              ...entry,
              before: entry.before && JSON.stringify(entry.before),
              after: JSON.stringify(entry.after),
            })),
          },
        });
      case `Update${kind}`: {
        const error =
          this.nextUpdateError ??
          (variables.version !== this.item.version
            ? { errorType: 'Conflict', message: this.conflictMessage }
            : undefined);
        this.nextUpdateError = undefined;
        if (error) return jsonResponse({ data: { [`update${kind}`]: null }, errors: [error] });
        const saved = this.write(this.stored(JSON.parse(String(variables.value))));
        return jsonResponse({ data: { [`update${kind}`]: this.wire(saved) } });
      }
      case `Restore${kind}`: {
        const kept = this.history.find((v) => v.version === variables.version)!;
        return jsonResponse({ data: { [`restore${kind}`]: this.wire(this.write(kept.after)) } });
      }
      default:
        return jsonResponse({ errors: [{ message: `unknown ${nameOf(query)}` }] }, 400);
    }
  };
}

/** The GraphQL mutations a test's app sent, with their variables (values parsed). */
export function sentMutations(requests: readonly RecordedRequest[]) {
  return requests
    .filter((r) => r.url.endsWith('/graphql'))
    .map((r) => JSON.parse(String(r.init?.body)) as GraphqlBody)
    .filter((body) => body.query.startsWith('mutation'))
    .map((body) => ({
      name: nameOf(body.query),
      variables: {
        ...body.variables,
        ...(typeof body.variables.value === 'string' && {
          value: JSON.parse(body.variables.value) as unknown,
        }),
      } as Record<string, unknown>,
    }));
}

/**
 * The app's APIs for a curation screen's test: the fake's GraphQL fields, the session's
 * permission set (an editor's; none for an admin) and the company's public reads.
 */
export function stubCuration(
  server: CuratedItemServer<unknown>,
  permissions: PermissionSet | undefined,
  extra: Record<string, (init?: RequestInit) => Response>,
): RecordedRequest[] {
  return stubApis({
    ...(permissions && { permissions: { permissionSet: { accessLevels: permissions } } }),
    extra: { '/graphql': server.handle, ...extra },
  });
}

/** The app at the screen's path, once the editor's heading shows. */
export async function openScreen(path: string, heading: string) {
  const actor = userEvent.setup();
  const app = renderApp(path, { signedIn: true });
  await screen.findByRole('heading', { name: heading });
  return { actor, ...app };
}

/** Replaces what a box holds, as a user selects it all and types. */
export async function retype(
  actor: ReturnType<typeof userEvent.setup>,
  element: HTMLElement,
  text: string,
) {
  await actor.clear(element);
  await actor.type(element, text);
}
