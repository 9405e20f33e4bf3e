import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { webAliases } from '../../web/aliases';
import { importedPackages, lambdaEntries, requiredPeers } from './runtime-imports';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as unknown;

interface Manifest {
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
}
const manifest = readJson('package.json') as Manifest;

/** The SPA's one entry, which index.html loads (Vite builds from it). */
const SPA_ENTRY = 'web/src/main.tsx';

/**
 * `dependencies` is exactly what the deployed code needs at run time: the packages the Lambda
 * functions' entries and the SPA import (followed through every file they import), and the peers
 * those need beside them. Everything else — the CDK, the emulators, the local stack, the build
 * and test tools — is a devDependency, so `npm ls --omit=dev` and `npm audit --omit=dev` speak
 * of what reaches users.
 */
describe('dependencies are what the deployed functions and the SPA import', () => {
  let entries: string[] = [];
  /** Each package needed at run time, with the file that imports it (or the package needing it). */
  const needed = new Map<string, string>();

  beforeAll(async () => {
    entries = await lambdaEntries(ROOT);
    const lambdas = await importedPackages({
      entryPoints: entries,
      platform: 'node',
      absWorkingDir: ROOT,
    });
    const spa = await importedPackages({
      entryPoints: [SPA_ENTRY],
      platform: 'browser',
      alias: webAliases,
      // What the bundler does with styles and images does not change which packages are imported.
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
      absWorkingDir: ROOT,
    });
    for (const [name, by] of [...lambdas, ...spa]) needed.set(name, by);
    for (const [name, by] of await requiredPeers(ROOT, needed.keys())) {
      if (!needed.has(name)) needed.set(name, `a peer of ${by}`);
    }
  });

  it('follows every function the stacks deploy, and the SPA index.html loads', async () => {
    const handlers = (await readdir(join(ROOT, 'lambdas'), { recursive: true }))
      .filter((f) => /(^|\/)(handler|[\w-]+\.handler)\.ts$/.test(f))
      .map((f) => `lambdas/${f}`);
    expect(handlers.length).toBeGreaterThan(0);
    expect(handlers.filter((h) => !entries.includes(h))).toEqual([]);
    expect(entries.filter((e) => !existsSync(join(ROOT, e)))).toEqual([]);
    expect(readFileSync(join(ROOT, 'web/index.html'), 'utf8')).toContain(
      `src="/${SPA_ENTRY.replace(/^web\//, '')}"`,
    );
  });

  it('lists every package deployed code imports in dependencies', () => {
    const missing = [...needed]
      .filter(([name]) => !(name in manifest.dependencies))
      .map(([name, by]) => `${name} (${by})`);
    expect(missing, 'needed at run time, so they belong in dependencies').toEqual([]);
  });

  it('lists nothing else in dependencies', () => {
    const extra = Object.keys(manifest.dependencies).filter((name) => !needed.has(name));
    expect(extra, 'not imported by deployed code: devDependencies, or not at all').toEqual([]);
  });
});
