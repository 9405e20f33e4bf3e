import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's CDK test apps synthesise (removed when the run ends). */
    cdkOutputRoot: string;
  }
}

/**
 * One folder for every CDK app the cdk tests synthesise, removed when the run ends: each synth
 * writes templates and bundles, and a folder per app left in the temporary folder piled up run
 * after run.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'cdk-tests-'));
  project.provide('cdkOutputRoot', root);
  return () => rm(root, { recursive: true, force: true });
}
