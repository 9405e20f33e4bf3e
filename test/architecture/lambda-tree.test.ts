import { describe, expect, it } from 'vitest';
import {
  deployedEntries,
  importsOf,
  inTestingFolder,
  reachableFrom,
  sourcesUnder,
} from './import-graph';

/**
 * lambdas/ is what runs in AWS: every file in it (outside testing/ folders) is part of some
 * deployed function, and no deployed function reaches test support or the local stack. In-memory
 * fakes belong in testing/ folders, the simulated market and other stand-ins under infra/local/.
 * test-scaffolding.test.ts checks the names (stub, fake…); this checks what a function bundles.
 */
describe('the Lambda tree', () => {
  const entries = deployedEntries();
  const deployed = reachableFrom(entries);

  it('reads the deployed functions from infra/aws', () => {
    expect(entries).toContain('lambdas/asset/handler.ts');
    expect(entries).toContain('lambdas/auth-triggers/define-auth-challenge.handler.ts');
    expect(entries.length).toBeGreaterThanOrEqual(13);
  });

  it('holds only code a deployed function imports, and test support in testing/ folders', () => {
    const strays = sourcesUnder('lambdas').filter(
      (path) => !inTestingFolder(path) && !deployed.has(path),
    );
    expect(strays).toEqual([]);
  });

  it('deploys nothing from testing/ folders, the local stack, tests or benches', () => {
    const reachedOutside = [...deployed].filter(
      (path) => inTestingFolder(path) || !/^(lambdas|core)\//.test(path),
    );
    const importers = reachedOutside.map((path) => ({
      path,
      importedBy: [...deployed].filter((from) => importsOf(from).some((i) => i.file === path)),
    }));
    expect(importers).toEqual([]);
  });
});
