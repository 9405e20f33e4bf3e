import { mkdtemp, rm } from 'node:fs/promises';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionSet } from '../../core/permissions';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { ensureDemoAccount, identityClient } from '../../infra/local/identity/bootstrap';
import { LOCAL_GRAPHQL_API_KEY, startLocalStack, type LocalStack } from '../../infra/local/stack';
import { signIn } from './sign-in';

/** An editor a test creates as an administrator would, with the permission set it grants. */
export interface TestEditor {
  readonly email: string;
  readonly password: string;
  readonly phoneNumber: string;
  readonly permissionSet: PermissionSet;
}

export interface GraphqlAnswer {
  readonly status: number;
  readonly data?: Record<string, unknown> | null;
  readonly errors?: { message: string; errorType?: string }[];
}

export type GraphqlAuth = { readonly token: string } | { readonly apiKey: string };

export interface CurationStack {
  readonly stack: LocalStack;
  /** The caller's ID token: 'admin' or an editor's e-mail. */
  readonly as: (who: string) => GraphqlAuth;
  readonly publicKey: GraphqlAuth;
  readonly graphql: (
    auth: GraphqlAuth,
    query: string,
    variables?: Record<string, unknown>,
  ) => Promise<GraphqlAnswer>;
  readonly stop: () => Promise<void>;
}

/**
 * The local product for curation tests over HTTP: signed-in admin, and editors granted their sets
 * through the admin API (as the console does), each with an ID token for the GraphQL API.
 */
export async function startCurationStack(options: {
  readonly demoCount: number;
  readonly editors: readonly TestEditor[];
  /** How long the public API reuses its whole-universe reads (list, screener). */
  readonly universeCacheMs?: number;
}): Promise<CurationStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-curation-'));
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    spa: 'none',
    demoCount: options.demoCount,
    demoAnchor: FIXED_DEMO_ANCHOR,
    ...(options.universeCacheMs === undefined ? {} : { universeCacheMs: options.universeCacheMs }),
  });
  const tokens = new Map<string, string>();
  const target = { endpoint: stack.endpoints.identity, ...stack.pool, outbox: stack.outbox };
  const admin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;
  tokens.set('admin', (await signIn(target, admin.email, admin.password)).idToken);
  const identity = identityClient(stack.endpoints.identity);
  try {
    for (const { permissionSet, ...editor } of options.editors) {
      await ensureDemoAccount(identity, stack.pool.userPoolId, { ...editor, group: 'editor' });
      const granted = await fetch(`${stack.url}/api/admin/editorPermissions`, {
        method: 'PUT',
        headers: { Authorization: tokens.get('admin')!, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: editor.email, permissionSet, version: 0 }),
      });
      if (granted.status !== 200) throw new Error(`Granting failed: ${await granted.text()}`);
      tokens.set(editor.email, (await signIn(target, editor.email, editor.password)).idToken);
    }
  } finally {
    identity.destroy();
  }

  const graphql: CurationStack['graphql'] = async (auth, query, variables = {}) => {
    const response = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        // An empty token stands for a caller who sends no credentials at all.
        ...('token' in auth
          ? auth.token
            ? { Authorization: auth.token }
            : {}
          : { 'x-api-key': auth.apiKey }),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, ...((await response.json()) as object) };
  };
  return {
    stack,
    graphql,
    as: (who) => {
      const token = tokens.get(who);
      if (!token) throw new Error(`No token for ${who}`);
      return { token };
    },
    publicKey: { apiKey: LOCAL_GRAPHQL_API_KEY },
    stop: async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
