import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatDeviceProof, newDeviceProof } from '../../core/device-proof';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { buildWeb } from '../../infra/local/web-build';
import type { SharedStackFile } from './shared-stack-info';
import { signIn } from './sign-in';

/** Companies in the shared stack's demo universe: enough for lists and search, quick to seed. */
export const SHARED_DEMO_COUNT = 300;
/**
 * The shared stack's own price-alert timer (AWS: each minute), held back: every alert test runs
 * its user's evaluator as of the moments it chooses (`/dev/alerts/run`), so the timer must not fire
 * an alert before the test asks, and evaluating every test user's alerts each few seconds would
 * only take CPU from the other files. The timer itself has its unit test (alert-timer.test.ts).
 */
const ALERT_INTERVAL_MS = 60 * 60_000;
/**
 * How long the asset API reuses its whole-universe copies (list, profiles): a second, so a stock a
 * test adds, hides or deletes leaves the public list within a poll, yet a page's burst of list
 * reads still shares one copy (AWS: a minute).
 */
const UNIVERSE_CACHE_MS = 1_000;
/** The local Stripe's webhook retries (default 1 to 16 s): a test sees a retry happen at once. */
const WEBHOOK_RETRY_DELAYS_MS = [200, 400, 800];

/**
 * Where the shared stack's parts listen and what it was started with: plain JSON, so a test file
 * (in a worker of its own) rebuilds its clients from it (test/support/shared-stack.ts).
 */
export interface SharedStackInfo {
  readonly url: string;
  readonly endpoints: { readonly dynamodb: string; readonly identity: string; readonly s3: string };
  readonly pool: { readonly userPoolId: string; readonly clientId: string };
  /** The outbox's JSON-lines file (infra/local/outbox.ts reads it). */
  readonly outboxFile: string;
  readonly stripe: {
    readonly url: string;
    readonly port: number;
    readonly prices: { readonly premium_monthly: string; readonly premium_yearly: string };
  };
  readonly demoCount: number;
  /** The identity service's signing key pair (PEM), made on the stack's first start. */
  readonly identitySigningKeyFile: string;
  /** The production build of the SPA the stack serves (read-only: another stack may serve it too). */
  readonly webDist: string;
  readonly demoAnchor: string;
  readonly universeCacheMs: number;
  readonly webhookRetryDelaysMs: readonly number[];
  /**
   * A remembered device per demo account (e-mail → proof), registered once with the code step:
   * test files calling the APIs as a demo account sign in as a returning device, so the send cap
   * on codes (5 per 15 minutes per user) is not spent by the test harness.
   */
  readonly deviceProofs: Readonly<Record<string, string>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where the global setup writes the shared stack's SharedStackInfo once it serves (or why it
     * could not start): test/support/shared-stack-info.ts waits for it and reads it.
     */
    sharedStackFile: string;
  }
}

/** The shared stack, started: what the test files read, and how to stop it. */
export interface StartedSharedStack {
  readonly info: SharedStackInfo;
  stop(): Promise<void>;
}

/**
 * Builds the SPA as production serves it and starts ONE local stack for every browser and
 * integration test file (each file starting its own would seed and boot a JVM per file); the files
 * keep out of each other's way with users, symbols and ISINs of their own. The build and Vite's
 * cache go to a folder of the tests' own: a product running from this checkout (`npm start` serves
 * web/dist) must not see its files replaced under it.
 */
export async function startSharedStack(
  // The npm-start test starts a second one beside `npm start` with a smaller universe.
  demoCount = SHARED_DEMO_COUNT,
): Promise<StartedSharedStack> {
  const workDir = await mkdtemp(join(tmpdir(), 'stockscope-shared-stack-'));
  const webDist = join(workDir, 'dist');
  let stack: LocalStack | undefined;
  try {
    // The build runs while the emulators start and the demo universe is seeded (as `npm start`
    // does); the stack waits for it before it serves.
    const webBuild = buildWeb({ outDir: webDist, cacheDir: join(workDir, 'vite-cache') });
    webBuild.catch(() => {}); // reported when startLocalStack awaits it
    stack = await startLocalStack({
      port: 0,
      dataDir: join(workDir, 'data'),
      spa: 'built',
      webDist,
      webBuild,
      demoCount,
      demoAnchor: FIXED_DEMO_ANCHOR,
      alertIntervalMs: ALERT_INTERVAL_MS,
      universeCacheMs: UNIVERSE_CACHE_MS,
      webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    });
    const deviceProofs: Record<string, string> = {};
    const target = { endpoint: stack.endpoints.identity, ...stack.pool, outbox: stack.outbox };
    await Promise.all(
      DEMO_ACCOUNTS.map(async (account) => {
        const proof = formatDeviceProof(newDeviceProof());
        await signIn(target, account.email, account.password, { rememberDevice: proof });
        deviceProofs[account.email] = proof;
      }),
    );
    const started = stack;
    return {
      info: {
        url: started.url,
        endpoints: started.endpoints,
        pool: { userPoolId: started.pool.userPoolId, clientId: started.pool.clientId },
        outboxFile: started.outbox.file,
        stripe: {
          url: started.stripe.url,
          port: started.stripe.port,
          prices: started.stripe.prices,
        },
        demoCount,
        identitySigningKeyFile: started.identitySigningKeyFile,
        webDist,
        demoAnchor: FIXED_DEMO_ANCHOR,
        universeCacheMs: UNIVERSE_CACHE_MS,
        webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
        deviceProofs,
      },
      stop: async () => {
        await started.stop();
        await rm(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stack?.stop().catch(() => {});
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

/** Written whole under another name, then renamed: a reader never sees half of it. */
async function writeWhole(file: string, content: SharedStackFile) {
  await writeFile(`${file}.partial`, JSON.stringify(content));
  await rename(`${file}.partial`, file);
}

/**
 * Vitest runs every project's global setup before the first test file: awaiting the stack here
 * (about 25 s: the build, the JVM, the seed) would hold up the unit and CDK files that need none
 * of it. So the stack starts in the background while they run, and the stack files' setup file
 * (test/support/await-shared-stack.ts) waits for the file this writes when it serves.
 */
export default async function setup(project: TestProject) {
  const infoDir = await mkdtemp(join(tmpdir(), 'stockscope-shared-stack-info-'));
  const file = join(infoDir, 'stack.json');
  project.provide('sharedStackFile', file);
  const starting = startSharedStack().then(
    async (started) => {
      await writeWhole(file, { ready: started.info });
      return started;
    },
    async (error: unknown) => {
      await writeWhole(file, {
        failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return undefined;
    },
  );
  return async () => {
    await (await starting)?.stop();
    await rm(infoDir, { recursive: true, force: true });
  };
}
