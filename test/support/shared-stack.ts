import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { Outbox } from '../../infra/local/outbox';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { createAccount, newAccount, type NewAccount, type StackConfig } from './accounts';
import { signIn, type SignInTarget, type SignInTokens } from './sign-in';
import type { SharedStackInfo } from './stack-global-setup';
import { sharedStackInfo } from './shared-stack-info';

/** The shared local stack as a test file reaches it: what the global setup provided, and clients. */
export interface SharedStack extends SharedStackInfo {
  /** The stack's outbox file, read in place (the codes and e-mails the product sent). */
  readonly outbox: Outbox;
  /** Where to sign in (./sign-in.ts). */
  readonly target: SignInTarget;
  /** The identity settings as the SPA reads them from /config.json (./accounts.ts). */
  readonly config: StackConfig;
}

/** The stack the global setup started (test/support/stack-global-setup.ts). */
export function sharedStack(): SharedStack {
  const info = sharedStackInfo();
  const outbox = new Outbox(info.outboxFile);
  return {
    ...info,
    outbox,
    target: { endpoint: info.endpoints.identity, ...info.pool, outbox },
    config: {
      userPoolId: info.pool.userPoolId,
      userPoolClientId: info.pool.clientId,
      identityEndpoint: info.endpoints.identity,
    },
  };
}

/** The stack's DynamoDB through the SDK's document client, for what a test sets up or reads back. */
export const stackDocumentClient = (stack: SharedStackInfo) =>
  documentClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: stack.endpoints.dynamodb,
  });

export interface SignedInAccount extends NewAccount {
  readonly tokens: SignInTokens;
  readonly idToken: string;
}

/**
 * A confirmed account of the test's own (e-mail and phone unique to it, so another file's sign-in
 * codes, sessions and records never meet its own), signed in with the code step.
 */
export async function signedInAccount(
  stack: SharedStack,
  tag: string,
  options: { readonly group?: 'admin' | 'editor' } = {},
): Promise<SignedInAccount> {
  const account = newAccount(tag);
  await createAccount(stack.config, account, options.group ? { group: options.group } : {});
  const tokens = await signIn(stack.target, account.email, account.password);
  return { ...account, tokens, idToken: tokens.idToken };
}

/** POSTs JSON to one of the stack's /dev/ controls (local mode only) and answers status and body. */
export async function devControl<T = Record<string, unknown>>(
  stack: Pick<SharedStackInfo, 'url'>,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
