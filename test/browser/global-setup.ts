import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';

/** Companies in the browser tests' demo universe: enough for lists and search, quick to seed. */
export const BROWSER_DEMO_COUNT = 300;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the one local stack every browser test file shares. */
    stackUrl: string;
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
  return async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
