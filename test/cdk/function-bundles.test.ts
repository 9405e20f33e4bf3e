import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  LAMBDA_BUNDLING,
  lambdaBuildOptions,
  outputsLoadedAtInit,
} from '../../infra/aws/lambda-bundling';

const metafileOf = async (entry: string, external: readonly string[]) =>
  (
    await build({
      ...lambdaBuildOptions(entry, 'out'),
      external: [...external],
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
  ).metafile;

/** The outputs a cold start loads: the entry and the chunks it imports statically. */
const loadedAtInit = (metafile: Metafile) =>
  outputsLoadedAtInit(metafile, 'out/index.mjs').map((path) => metafile.outputs[path]!);

const packagesOf = (inputs: Iterable<string>) =>
  new Set(
    [...inputs].flatMap((input) => {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      return match ? [match[1]!] : [];
    }),
  );

/**
 * Powertools travels inside each function's bundle (no layer to keep in step with the npm
 * version), and only what a function uses: the X-Ray SDK only where the Tracer runs.
 */
async function bundledPackages(entry: string): Promise<Set<string>> {
  return packagesOf(Object.keys((await metafileOf(entry, LAMBDA_BUNDLING.externalModules)).inputs));
}

/** The packages whose code a cold start reads and compiles (not those behind a dynamic import). */
async function packagesAtInit(entry: string): Promise<Set<string>> {
  const metafile = await metafileOf(entry, LAMBDA_BUNDLING.externalModules);
  return packagesOf(loadedAtInit(metafile).flatMap((output) => Object.keys(output.inputs)));
}

/**
 * The AWS SDK clients a function evaluates at module init: with the SDK left out of the bundle,
 * those it imports at top level (the others it imports on first use, which esbuild keeps lazy).
 */
async function sdkClientsAtInit(entry: string): Promise<string[]> {
  const metafile = await metafileOf(entry, ['@aws-sdk/*']);
  const atInit = loadedAtInit(metafile)
    .flatMap((output) => output.imports)
    .filter(({ path, kind }) => path.startsWith('@aws-sdk/') && kind === 'import-statement');
  return [...new Set(atInit.map(({ path }) => path))].sort();
}

describe('function bundles', () => {
  it('an API function bundles the Logger, Metrics and Tracer (with the X-Ray SDK)', async () => {
    const packages = await bundledPackages('lambdas/asset/handler.ts');
    for (const name of [
      '@aws-lambda-powertools/logger',
      '@aws-lambda-powertools/metrics',
      '@aws-lambda-powertools/tracer',
      'aws-xray-sdk-core',
    ]) {
      expect(packages).toContain(name);
    }
  });

  it('a sign-in trigger bundles the Logger and Metrics but not the X-Ray SDK', async () => {
    const packages = await bundledPackages(
      'lambdas/auth-triggers/define-auth-challenge.handler.ts',
    );
    expect(packages).toContain('@aws-lambda-powertools/logger');
    expect(packages).toContain('@aws-lambda-powertools/metrics');
    expect(packages).not.toContain('@aws-lambda-powertools/tracer');
    expect(packages).not.toContain('aws-xray-sdk-core');
  });

  it('the AWS SDK travels inside the bundle (not the copy of the runtime)', async () => {
    expect(await bundledPackages('lambdas/asset/handler.ts')).toContain('@aws-sdk/client-dynamodb');
  });

  // Its CommonJS build is one file per package that esbuild cannot tree-shake (the whole DynamoDB
  // client, every protocol of @smithy/core): ~200 KB more for each cold start to compile.
  it('bundles the AWS SDK from its ES modules, which esbuild tree-shakes', async () => {
    const { inputs } = await metafileOf(
      'lambdas/asset/handler.ts',
      LAMBDA_BUNDLING.externalModules,
    );
    const sdkFiles = Object.keys(inputs).filter((input) =>
      /node_modules\/@(aws-sdk|smithy)\//.test(input),
    );
    expect(sdkFiles).toContainEqual(expect.stringContaining('@aws-sdk/client-dynamodb/dist-es/'));
    expect(sdkFiles.filter((input) => input.includes('/dist-cjs/'))).toEqual([]);
  });

  // A single file would have V8 parse them at every cold start (780 KB of the subscription
  // function's 1.5 MB), though most requests never load them.
  it('leaves what a handler imports on first use out of the code loaded at init', async () => {
    const atInit = await packagesAtInit('lambdas/subscription/handler.ts');
    const bundled = await bundledPackages('lambdas/subscription/handler.ts');
    for (const name of [
      'stripe',
      '@aws-sdk/client-s3',
      '@aws-sdk/client-sesv2',
      '@aws-sdk/client-ssm',
      '@aws-sdk/client-secrets-manager',
      // The SSO, STS and web-identity credential providers (Lambda's come from the environment).
      '@aws-sdk/nested-clients',
    ]) {
      expect(bundled).toContain(name);
      expect(atInit).not.toContain(name);
    }
    expect(atInit).toContain('@aws-sdk/client-dynamodb');
  });

  // A module's zod schemas are built when it is imported: naming a conflict message or the
  // profile fields from the curation modules cost the public functions ~200 schemas at init.
  it.each([
    'lambdas/asset/handler.ts',
    'lambdas/ingest/handler.ts',
    'lambdas/subscription/handler.ts',
  ])('%s bundles none of the curation forms and their schemas', async (entry) => {
    const { inputs } = await metafileOf(entry, LAMBDA_BUNDLING.externalModules);
    const forms = ['analyst', 'shariah', 'description', 'stock', 'sheet', 'plain-text'];
    expect(Object.keys(inputs)).not.toContainEqual(
      expect.stringMatching(new RegExp(`^core/curation/(${forms.join('|')})\\.ts$`)),
    );
  });

  // Module init stays short (≤ 150 ms, bench/bundles.bench.ts): a client only some routes use is
  // imported on first use, so only DynamoDB (every route: revocations, the tables) loads at init.
  it.each([
    ['lambdas/asset/handler.ts', []],
    ['lambdas/subscription/handler.ts', []],
    ['lambdas/account/handler.ts', []],
    ['lambdas/auth-triggers/create-auth-challenge.handler.ts', []],
    // Every admin route asks the user pool.
    ['lambdas/admin-queries/handler.ts', ['@aws-sdk/client-cognito-identity-provider']],
  ])('%s loads only the SDK clients every route uses at init', async (entry, more) => {
    expect(await sdkClientsAtInit(entry)).toEqual(
      ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', ...more].sort(),
    );
  });
});
