import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
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

const INIT_RUNS = 5;

/**
 * Each Lambda bundle's size (esbuild metafile; the AWS SDK v3 stays external as in the Node.js
 * 22 runtime) and its module init time: a fresh Node process importing the bundle, the cost a
 * cold start pays before the first event.
 */
export async function benchBundles(): Promise<Figure[]> {
  // Inside the repository, so the bundles resolve the AWS SDK from its node_modules as the
  // Lambda runtime provides it (ESM ignores NODE_PATH).
  await mkdir(join(process.cwd(), '.scratch'), { recursive: true });
  const outdir = await mkdtemp(join(process.cwd(), '.scratch', 'bundles-'));
  const figures: Figure[] = [];
  try {
    for (const [name, entry] of Object.entries(HANDLERS)) {
      const outfile = join(outdir, `${name}.mjs`);
      const result = await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node22',
        minify: true,
        metafile: true,
        external: ['@aws-sdk/*', '@smithy/*'],
        banner: {
          js: "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
        },
        logLevel: 'silent',
      });
      const bytes = result.metafile.outputs[Object.keys(result.metafile.outputs)[0]!]!.bytes;
      figures.push({
        name: `${name} bundle`,
        value: bytes / 1024,
        unit: 'KB',
        target: { op: '<=', value: 250 },
      });
      const probe = join(outdir, `init-${name}.mjs`);
      await writeFile(
        probe,
        `const t = performance.now(); await import(${JSON.stringify(outfile)}); console.log(performance.now() - t);`,
      );
      const times: number[] = [];
      {
        for (let i = 0; i < INIT_RUNS; i += 1) {
          const run = spawnSync(process.execPath, [probe], { encoding: 'utf8' });
          const ms = Number.parseFloat(run.stdout.trim().split('\n').pop() ?? '');
          if (!Number.isFinite(ms)) throw new Error(`${name} init failed: ${run.stderr}`);
          times.push(ms);
        }
      }
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
