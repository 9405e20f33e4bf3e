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

interface Lockfile {
  readonly packages: Record<string, { readonly version?: string }>;
}

/**
 * One release of the AWS SDK, named exactly: its clients are released and tested together on the
 * same @aws-sdk/core and middleware, and the functions' bundles carry the SDK the tests ran with
 * (infra/aws/lambda-bundling.ts). A range would also let an install take releases that need a
 * newer Node than the one the tests and the local stack run on.
 */
describe('the AWS SDK is on one version line', () => {
  const sdk = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    ([name]) => name.startsWith('@aws-sdk/'),
  );

  it('names the same exact version for every @aws-sdk package in package.json', () => {
    expect(sdk.length).toBeGreaterThan(0);
    const versions = new Set(sdk.map(([, range]) => range));
    expect([...versions]).toHaveLength(1);
    expect([...versions][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('installs each @aws-sdk package once, the direct ones at that version', () => {
    const { packages } = readJson('package-lock.json') as Lockfile;
    const copies = new Map<string, string[]>();
    for (const [path, { version }] of Object.entries(packages)) {
      const name = /(?:^|\/)node_modules\/(@aws-sdk\/[^/]+)$/.exec(path)?.[1];
      if (name) copies.set(name, [...(copies.get(name) ?? []), `${path}@${version}`]);
    }
    expect([...copies.values()].filter((paths) => paths.length > 1)).toEqual([]);
    for (const [name, version] of sdk) {
      expect(packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
  });
});
