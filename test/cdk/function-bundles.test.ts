import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLING } from '../../infra/aws/lambda-bundling';

/**
 * Powertools travels inside each function's bundle (no layer to keep in step with the npm
 * version), and only what a function uses: the X-Ray SDK only where the Tracer runs.
 */
async function bundledPackages(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLING.target,
    metafile: true,
    external: [...LAMBDA_BUNDLING.externalModules],
    logLevel: 'silent',
  });
  const packages = Object.keys(result.metafile.inputs).flatMap((input) => {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    return match ? [match[1]!] : [];
  });
  return new Set(packages);
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
});
