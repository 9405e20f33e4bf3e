import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { formatDeviceProof, newDeviceProof } from '../../core/device-proof';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { signIn } from '../support/sign-in';

/** Companies in the browser tests' demo universe: enough for lists and search, quick to seed. */
export const BROWSER_DEMO_COUNT = 300;

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
  }
}

/**
 * Builds the SPA as production serves it and starts ONE local stack for all browser test files
 * (each file starting its own would seed and boot a JVM per file).
 */
export default async function setup(project: TestProject) {
  // vitest sets NODE_ENV=test, which would give React's development build; test what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-browser-'));
  let stack: LocalStack | undefined;
  try {
    stack = await startLocalStack({
      port: 0,
      dataDir,
      spa: 'built',
      demoCount: BROWSER_DEMO_COUNT,
    });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('stackUrl', stack.url);
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
    await rm(dataDir, { recursive: true, force: true });
  };
}
