import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import {
  LAMBDA_BUNDLING,
  lambdaBuildOptions,
  outputsLoadedAtInit,
} from '../infra/aws/lambda-bundling';
import type { Figure } from './figures';

/** The Lambda entry points, bundled as infra/aws/service-function.ts has CDK bundle them. */
const HANDLERS = {
  asset: 'lambdas/asset/handler.ts',
  graphql: 'lambdas/graphql/handler.ts',
  subscription: 'lambdas/subscription/handler.ts',
  ingest: 'lambdas/ingest/handler.ts',
  account: 'lambdas/account/handler.ts',
  'admin-queries': 'lambdas/admin-queries/handler.ts',
  'define-auth-challenge': 'lambdas/auth-triggers/define-auth-challenge.handler.ts',
  'create-auth-challenge': 'lambdas/auth-triggers/create-auth-challenge.handler.ts',
  'verify-auth-challenge-response':
    'lambdas/auth-triggers/verify-auth-challenge-response.handler.ts',
  'post-confirmation': 'lambdas/auth-triggers/post-confirmation.handler.ts',
} as const;

const INIT_RUNS = 7;

/**
 * Each Lambda bundle's size at init (esbuild metafile, bundled as CDK does: lambdaBuildOptions)
 * and its module init time: in a fresh Node process started with the function's NODE_OPTIONS
 * (source maps read at load), the time from the probe's first statement until `import` of the
 * bundle resolves, i.e. loading and evaluating the bundle, its source map and any external module
 * it imports at top level. Node's own start-up is not in the figure (nor Lambda's runtime
 * bootstrap); what a handler loads on its first event (an SDK client imported on first use) is not
 * module init, so it is not in it either.
 */
export async function benchBundles(): Promise<Figure[]> {
  // Inside the repository, so a bundle that leaves a package external (LAMBDA_BUNDLING) resolves
  // it from node_modules as the Lambda runtime would provide it (ESM ignores NODE_PATH).
  await mkdir(join(process.cwd(), '.scratch'), { recursive: true });
  const outdir = await mkdtemp(join(process.cwd(), '.scratch', 'bundles-'));
  const figures: Figure[] = [];
  try {
    const probes: { name: string; probe: string; sizeKb: number; times: number[] }[] = [];
    for (const [name, entry] of Object.entries(HANDLERS)) {
      const dir = join(outdir, name);
      const outfile = join(dir, 'index.mjs');
      const result = await build({ ...lambdaBuildOptions(entry, dir), metafile: true });
      // What init reads: the entry and its static chunks (lambdaBuildOptions splits the bundle).
      const { outputs } = result.metafile;
      const atInit = outputsLoadedAtInit(result.metafile, relative(process.cwd(), outfile));
      const probe = join(outdir, `init-${name}.mjs`);
      await writeFile(
        probe,
        `const t = performance.now(); await import(${JSON.stringify(outfile)}); console.log(performance.now() - t);`,
      );
      const sizeKb = atInit.reduce((sum, path) => sum + outputs[path]!.bytes, 0) / 1024;
      probes.push({ name, probe, sizeKb, times: [] });
    }
    // Round after round over all functions, not one function's runs back to back: on a shared
    // machine a burst of load then spreads over the functions instead of deciding one's median.
    for (let i = 0; i < INIT_RUNS; i += 1) {
      for (const { name, probe, times } of probes) {
        const run = spawnSync(
          process.execPath,
          [...LAMBDA_BUNDLING.nodeOptions.split(' '), probe],
          {
            encoding: 'utf8',
          },
        );
        const ms = Number.parseFloat(run.stdout.trim().split('\n').pop() ?? '');
        if (!Number.isFinite(ms)) throw new Error(`${name} init failed: ${run.stderr}`);
        times.push(ms);
      }
    }
    for (const { name, sizeKb, times } of probes) {
      // No target: the size stood for the cold start, which the next figure measures itself.
      figures.push({ name: `${name} code loaded at init`, value: sizeKb, unit: 'KB' });
      times.sort((a, b) => a - b);
      figures.push({
        name: `${name} module init (median of ${INIT_RUNS})`,
        value: times[Math.floor(times.length / 2)]!,
        unit: 'ms',
        target: { op: '<=', value: 150 },
      });
    }
    return figures;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
