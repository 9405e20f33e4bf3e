import type { BuildOptions, Metafile } from 'esbuild';

/**
 * How every function is bundled (ServiceFunction), written once so the bundle benchmark and the
 * bundle tests build exactly what CDK deploys (lambdaBuildOptions).
 */
export const LAMBDA_BUNDLING = {
  target: 'node22',
  /**
   * Nothing: the AWS SDK v3 travels inside each bundle, tree-shaken and minified, instead of being
   * left to the copy the Node.js 22 runtime provides (aws-lambda-nodejs' default, '@aws-sdk/*').
   * A cold start then compiles the parts of the SDK the function uses, inside its one file, not
   * the runtime's client packages whole (the DynamoDB client: some 30 files, 870 KB), which took
   * 80–120 ms of each function's module init (bench/bundles.bench.ts) against a budget of 150. It
   * also pins the SDK to the version the tests ran with, as Lambda's best practices advise.
   */
  externalModules: [] as string[],
  /**
   * The ES module build of a package before its CommonJS one (esbuild's default for Node is the
   * reverse). The AWS SDK ships both: its CommonJS build is one file per package that esbuild
   * cannot tree-shake, so each function carried the whole DynamoDB client (90 KB of 700) and every
   * protocol of @smithy/core. With the ES modules, bundles are ~200 KB smaller and module init
   * ~40 ms shorter (bench/bundles.bench.ts). Powertools' docs bundle ESM functions the same way.
   */
  mainFields: ['module', 'main'],
  // ESM bundles need require() for the CommonJS packages inside them (the AWS and X-Ray SDKs).
  banner:
    "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
  /**
   * Source maps ship with the code and Node reads them at load (--enable-source-maps), for stack
   * traces in the logs. Without the sources inside (a stack trace does not need them) the map is a
   * third of the size (asset function: 4.0 → 1.4 MB), and Node parses it on every cold start.
   */
  sourcesContent: false,
  nodeOptions: '--enable-source-maps',
} as const;

/** The handler's module in the function's code: index.mjs, exporting `handler`. */
export const LAMBDA_HANDLER = 'index.handler';

/**
 * esbuild's options for one function: its entry bundled as minified ESM into `outdir`, with source
 * maps (no sources inside), the AWS SDK and Powertools inside.
 *
 * Split at dynamic imports: what a handler imports on first use (an SDK client or Stripe only some
 * routes call, the credential providers Lambda's environment variables make unnecessary) is a file
 * of its own that a cold start neither reads nor compiles. In one file, V8 still parses all of it
 * at module init: the subscription function's S3, SES, SSM and Stripe are 780 KB of its 1.5 MB.
 * aws-lambda-nodejs cannot split (it writes one --outfile), hence ServiceFunction's own bundling.
 */
export const lambdaBuildOptions = (entry: string, outdir: string) =>
  ({
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLING.target,
    minify: true,
    sourcemap: true,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    external: [...LAMBDA_BUNDLING.externalModules],
    banner: { js: LAMBDA_BUNDLING.banner },
    logLevel: 'warning',
  }) satisfies BuildOptions;

/**
 * The files a cold start reads and compiles (from esbuild's metafile): the entry and the chunks it
 * imports statically, transitively; not those behind a dynamic import, which load on first use.
 */
export function outputsLoadedAtInit(metafile: Metafile, entryOutput: string): string[] {
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const { path: imported, kind } of metafile.outputs[path]!.imports) {
      if (kind === 'import-statement' && imported in metafile.outputs) visit(imported);
    }
  };
  visit(entryOutput);
  return [...loaded];
}
