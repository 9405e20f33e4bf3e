import { mkdtemp, rm } from 'node:fs/promises';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatDeviceProof, newDeviceProof } from '../../core/device-proof';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { signIn } from '../support/sign-in';
import { buildWeb } from '../../infra/local/web-build';

/** Companies in the browser tests' demo universe: enough for lists and search, quick to seed. */
export const BROWSER_DEMO_COUNT = 300;
/** The price-alert evaluator's cycle on the browser tests' stack (AWS: each minute). */
const BROWSER_ALERT_INTERVAL_MS = 3_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the one local stack every browser test file shares. */
    stackUrl: string;
    /**
     * A remembered device per demo account (e-mail → proof), registered once with the code step:
     * test files calling the APIs as a demo account sign in as a returning device, so the send
     * cap on codes (5 per 15 minutes per user) is not spent by the test harness.
     */
    deviceProofs: Record<string, string>;
    /** How often the stack's price-alert evaluator runs (the alerts test waits two cycles). */
    alertIntervalMs: number;
  }
}

/**
 * Builds the SPA as production serves it and starts ONE local stack for all browser test files
 * (each file starting its own would seed and boot a JVM per file). The build and Vite's cache go
 * to a folder of the tests' own: a product running from this checkout (`npm start` serves
 * web/dist) must not see its files replaced under it.
 */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(join(tmpdir(), 'stockscope-browser-'));
  const webDist = join(workDir, 'dist');
  let stack: LocalStack | undefined;
  try {
    await buildWeb({ outDir: webDist, cacheDir: join(workDir, 'vite-cache') });
    stack = await startLocalStack({
      port: 0,
      dataDir: join(workDir, 'data'),
      spa: 'built',
      webDist,
      demoCount: BROWSER_DEMO_COUNT,
      demoAnchor: FIXED_DEMO_ANCHOR,
      alertIntervalMs: BROWSER_ALERT_INTERVAL_MS,
    });
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('stackUrl', stack.url);
  project.provide('alertIntervalMs', BROWSER_ALERT_INTERVAL_MS);
  const deviceProofs: Record<string, string> = {};
  const target = { endpoint: stack.endpoints.identity, ...stack.pool, outbox: stack.outbox };
  for (const account of DEMO_ACCOUNTS) {
    const proof = formatDeviceProof(newDeviceProof());
    await signIn(target, account.email, account.password, { rememberDevice: proof });
    deviceProofs[account.email] = proof;
  }
  project.provide('deviceProofs', deviceProofs);
  return async () => {
    await stack?.stop();
    await rm(workDir, { recursive: true, force: true });
  };
}
