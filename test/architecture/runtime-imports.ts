import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * What deployed code imports at run time, found the way the bundlers find it: esbuild follows each
 * entry's import graph (static and dynamic imports; type-only imports drop out) and reports every
 * package it would have bundled, which `packages: 'external'` leaves as a bare name instead.
 */

const BUILTINS: ReadonlySet<string> = new Set(builtinModules);

/** 'aws-amplify/auth' → 'aws-amplify', '@smithy/core/checksum' → '@smithy/core'; undefined for Node's own. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The Lambda functions' entries, as the CDK stacks name them ('lambdas/…/handler.ts'). */
export async function lambdaEntries(root: string): Promise<string[]> {
  const dir = join(root, 'infra/aws');
  const files = (await readdir(dir, { recursive: true })).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const entries = new Set<string>();
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    for (const [, entry] of text.matchAll(/'(lambdas\/[\w./-]+\.ts)'/g)) entries.add(entry!);
  }
  return [...entries].sort();
}

/** The packages the entries' import graphs reach, each with one file that imports it. */
export async function importedPackages(
  options: Pick<BuildOptions, 'platform' | 'alias' | 'loader' | 'absWorkingDir'> & {
    entryPoints: string[];
  },
): Promise<Map<string, string>> {
  const { metafile } = await build({
    ...options,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    jsx: 'automatic',
    packages: 'external',
    outdir: 'unused',
    logLevel: 'silent',
  });
  const packages = new Map<string, string>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const { path, external } of input.imports) {
      const name = external ? packageOf(path) : undefined;
      if (name && !packages.has(name)) packages.set(name, file);
    }
  }
  return packages;
}

interface Manifest {
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * The peers the packages need installed beside them (not optional ones), transitively: a chart
 * adapter that requires date-fns at run time needs it in `dependencies` though no file of ours
 * imports it.
 */
export async function requiredPeers(
  root: string,
  names: Iterable<string>,
): Promise<Map<string, string>> {
  const peers = new Map<string, string>();
  const queue = [...names];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const manifest = JSON.parse(
      await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as Manifest;
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
      if (manifest.peerDependenciesMeta?.[peer]?.optional || peers.has(peer)) continue;
      peers.set(peer, name);
      queue.push(peer);
    }
  }
  return peers;
}
