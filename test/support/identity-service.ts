import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Clock } from 'cognito-local/lib/services/clock';
import type { DemoAccount } from '../../infra/local/demo-accounts';
import {
  ensureDemoAccount,
  ensureUserPool,
  identityClient,
  type LocalPool,
} from '../../infra/local/identity/bootstrap';
import {
  startIdentityServer,
  type RunningIdentityServer,
} from '../../infra/local/identity/cognito-local-server';
import { Outbox } from '../../infra/local/outbox';
import { freePort } from '../../infra/local/ports';
import { memoryStores } from '../../lambdas/auth-triggers/testing/memory-stores';
import type { SignInTarget } from './sign-in';

export interface TestIdentityService {
  readonly server: RunningIdentityServer;
  /** The AWS SDK's client, signed with the local key (admin operations work). */
  readonly client: CognitoIdentityProviderClient;
  readonly pool: LocalPool;
  readonly outbox: Outbox;
  /** Where signIn signs in (its code step read from the outbox). */
  readonly target: SignInTarget;
  stop(): Promise<void>;
}

/** A clock that stands still until a test moves it: lockouts end exactly when the test says. */
export class ManualClock implements Clock {
  private now = Date.now();

  get(): Date {
    return new Date(this.now);
  }

  advance(ms: number): void {
    this.now += ms;
  }
}

/**
 * The local identity service on its own (no DynamoDB: the users table in memory), in a temporary
 * folder, with the product's pool and app client and the given accounts.
 */
export async function startTestIdentityService(
  accounts: readonly DemoAccount[],
  options: { readonly clock?: Clock } = {},
): Promise<TestIdentityService> {
  const dir = await mkdtemp(join(tmpdir(), 'stockscope-identity-'));
  const outbox = new Outbox(join(dir, 'outbox.jsonl'));
  const server = await startIdentityServer({
    port: await freePort(),
    dataDir: join(dir, 'identity'),
    outbox,
    stores: memoryStores(),
    ...options,
  });
  const client = identityClient(server.endpoint);
  const { pool } = await ensureUserPool(client, undefined);
  for (const account of accounts) await ensureDemoAccount(client, pool.userPoolId, account);
  return {
    server,
    client,
    pool,
    outbox,
    target: { endpoint: server.endpoint, ...pool, outbox },
    stop: async () => {
      client.destroy();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
