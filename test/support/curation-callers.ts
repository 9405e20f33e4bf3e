import type { PermissionSet } from '../../core/permissions';
import { ensureDemoAccount, identityClient } from '../../infra/local/identity/bootstrap';
import { LOCAL_GRAPHQL_API_KEY } from '../../infra/local/stack';
import { PASSWORD, uniqueEmail, uniquePhone } from './accounts';
import {
  sharedStack,
  signedInAccount,
  type SharedStack,
  type SignedInAccount,
} from './shared-stack';
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

export interface CurationCallers {
  readonly stack: SharedStack;
  /** The file's own administrator (its e-mail is what the audit trail records). */
  readonly admin: SignedInAccount;
  /** The caller's ID token: 'admin' or an editor's e-mail. */
  readonly as: (who: string) => GraphqlAuth;
  readonly publicKey: GraphqlAuth;
  readonly graphql: (
    auth: GraphqlAuth,
    query: string,
    variables?: Record<string, unknown>,
  ) => Promise<GraphqlAnswer>;
}

/**
 * The curation API over HTTP on the shared local stack, as the file's own callers: an administrator
 * of its own (tagged `tag`), and editors granted their sets through the admin API (as the console
 * does), each with an ID token for the GraphQL API. Their e-mails are the file's own, so what the
 * audit trail and the overview say of them is the file's alone.
 */
export async function curationCallers(options: {
  readonly tag: string;
  readonly editors: readonly TestEditor[];
}): Promise<CurationCallers> {
  const stack = sharedStack();
  const admin = await signedInAccount(stack, `${options.tag}-admin`, { group: 'admin' });
  const tokens = new Map<string, string>([['admin', admin.idToken]]);
  const identity = identityClient(stack.endpoints.identity);
  try {
    for (const { permissionSet, ...editor } of options.editors) {
      await ensureDemoAccount(identity, stack.pool.userPoolId, { ...editor, group: 'editor' });
      const granted = await fetch(`${stack.url}/api/admin/editorPermissions`, {
        method: 'PUT',
        headers: { Authorization: admin.idToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: editor.email, permissionSet, version: 0 }),
      });
      if (granted.status !== 200) throw new Error(`Granting failed: ${await granted.text()}`);
      tokens.set(editor.email, (await signIn(stack.target, editor.email, editor.password)).idToken);
    }
  } finally {
    identity.destroy();
  }

  const graphql: CurationCallers['graphql'] = async (auth, query, variables = {}) => {
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
    admin,
    graphql,
    as: (who) => {
      const token = tokens.get(who);
      if (!token) throw new Error(`No token for ${who}`);
      return { token };
    },
    publicKey: { apiKey: LOCAL_GRAPHQL_API_KEY },
  };
}

/** An editor of the file's own: unique e-mail and phone, with the set the test grants. */
export const testEditor = (tag: string, permissionSet: PermissionSet): TestEditor => ({
  email: uniqueEmail(tag),
  password: PASSWORD,
  phoneNumber: uniquePhone(),
  permissionSet,
});
