import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../infra/local/demo-accounts';
import { payCheckout } from '../infra/local/stripe/testing/hosted-checkout';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { createAccount, newAccount } from '../test/support/accounts';
import { signIn } from '../test/support/sign-in';
import { settled } from './child-stack';
import { percentile, type Figure } from './figures';
import { CURATION_OVERVIEW_QUERY } from '../core/curation/overview';

/** Warm samples per screen, after its cold (first) one. */
const WARM = 30;
/** Every screen's data answers within this p95, cold and warm. */
const TARGET_MS = 1_000;

async function ok(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
  return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
}

const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

/** The ID token of an account, signed in as the SPA does (code step answered from the outbox). */
const tokenOf = async (stack: LocalStack, email: string, password: string) =>
  (
    await signIn(
      { endpoint: stack.endpoints.identity, ...stack.pool, outbox: stack.outbox },
      email,
      password,
    )
  ).idToken;

/** A new account that has paid for Premium through the local Stripe's hosted checkout. */
async function subscriber(stack: LocalStack): Promise<string> {
  const account = newAccount('bench-portal');
  await createAccount(
    {
      userPoolId: stack.pool.userPoolId,
      userPoolClientId: stack.pool.clientId,
      identityEndpoint: stack.endpoints.identity,
    },
    account,
  );
  const token = await tokenOf(stack, account.email, account.password);
  const post = (path: string, body: unknown) =>
    fetch(`${stack.url}/api/subscription${path}`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  await ok(await post('/user', { email: account.email }), 'user record');
  const { url } = (await ok(await post('/checkout', { plan: 'premium_monthly' }), 'checkout')) as {
    url: string;
  };
  const paid = await payCheckout(url);
  if (paid.status >= 400) throw new Error(`checkout payment: ${paid.status}`);
  // As the payment-success page does: the customer is on the record before the webhook arrives.
  const sessionId = new URL(url).pathname.split('/').pop();
  await ok(await post('/checkout/confirm', { sessionId }), 'checkout confirmation');
  return token;
}

/**
 * The four screens a fresh `npm start` was slow on, timed from the first request after start-up
 * (cold) and then warm: the data each screen waits for, over HTTP to the local stack with the
 * demo universe of `npm start`.
 *  - /admin/settings and /admin/dashboard: the curation overview (GraphQL) and the directory's user
 *    counts (AdminQueries), read in parallel as the SPA reads them.
 *  - /screener's first load: the screener's first page with no filters.
 *  - the customer portal: POST /portal (the product asks the provider for a session) and the
 *    provider's portal page.
 */
export async function benchConsoleScreens(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-screens-'));
  const stack = await startLocalStack({ port: 0, dataDir, spa: 'none' });
  try {
    // Cold means each screen's first request, not one sharing the CPU with start-up's own work.
    await settled(stack.url);
    const admin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;
    const adminToken = await tokenOf(stack, admin.email, admin.password);
    const userToken = await subscriber(stack);

    const screens: Record<string, () => Promise<unknown>> = {
      'console overview and user counts (/admin/settings, /admin/dashboard)': () =>
        Promise.all([
          fetch(`${stack.url}/graphql`, {
            method: 'POST',
            headers: { Authorization: adminToken, 'Content-Type': 'application/json' },
            body: JSON.stringify({ query: CURATION_OVERVIEW_QUERY, variables: {} }),
          }).then((r) => ok(r, 'overview')),
          fetch(`${stack.url}/api/admin/userCounts`, {
            headers: { Authorization: adminToken },
          }).then((r) => ok(r, 'userCounts')),
        ]),
      'screener first page (/screener)': async () =>
        ok(await fetch(`${stack.url}/api/asset/stocks/screener`), 'screener'),
      'customer portal (POST /portal and its page)': async () => {
        const { url } = (await ok(
          await fetch(`${stack.url}/api/subscription/portal`, {
            method: 'POST',
            headers: { Authorization: userToken },
          }),
          'portal',
        )) as { url: string };
        await ok(await fetch(url), 'portal page');
      },
    };

    const figures: Figure[] = [];
    for (const [name, run] of Object.entries(screens)) {
      // A request that fails still took the user that long to see an error: it counts, and the
      // failures are a figure of their own (held to none).
      let failures = 0;
      const sample = () =>
        timed(() =>
          run().catch((error: unknown) => {
            failures += 1;
            console.error(`${name}: ${String(error)}`);
          }),
        );
      const cold = await sample();
      const warm: number[] = [];
      for (let i = 0; i < WARM; i += 1) warm.push(await sample());
      warm.sort((a, b) => a - b);
      const target = { op: '<=', value: TARGET_MS } as const;
      figures.push(
        { name: `${name}, cold`, value: cold, unit: 'ms', target },
        { name: `${name}, warm p50`, value: percentile(warm, 50), unit: 'ms' },
        { name: `${name}, warm p95`, value: percentile(warm, 95), unit: 'ms', target },
        {
          name: `${name}, failed requests`,
          value: failures,
          unit: 'requests',
          target: { op: '<=', value: 0 },
        },
      );
    }
    return figures;
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
