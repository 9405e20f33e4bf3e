import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { buildWeb } from '../../infra/local/web-build';

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
    });
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('stackUrl', stack.url);
  return async () => {
    await stack?.stop();
    await rm(workDir, { recursive: true, force: true });
  };
}
