import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, inject, it } from 'vitest';
import { LAMBDA_BUNDLING } from '../../infra/aws/lambda-bundling';
import { ServiceFunction } from '../../infra/aws/service-function';

describe('ServiceFunction code (bundled at synth, as deployed)', () => {
  // Bundling one function for real takes a few seconds (more on a loaded machine).
  it(
    'is index.mjs with its chunks and source maps, and loads in Node with the handler',
    { timeout: 90_000 },
    () => {
      const app = new App({ outdir: mkdtempSync(join(inject('cdkOutputRoot'), 'bundle-')) });
      const stack = new Stack(app, 'Bundled');
      new ServiceFunction(stack, 'Define', {
        entry: 'lambdas/auth-triggers/define-auth-challenge.handler.ts',
        description: 'bundled for the test',
        service: 'sign-in',
      });
      const assembly = app.synth();
      const fn = Object.values(
        Template.fromStack(stack).findResources('AWS::Lambda::Function'),
      )[0] as { Properties: { Handler: string; Code: { S3Key: string } } };
      expect(fn.Properties.Handler).toBe('index.handler');

      // The asset's directory in the cloud assembly: asset.<hash>, uploaded as <hash>.zip.
      const code = join(
        assembly.directory,
        `asset.${fn.Properties.Code.S3Key.replace('.zip', '')}`,
      );
      const files = readdirSync(code, { recursive: true }).map(String);
      expect(files).toContain('index.mjs');
      expect(files).toContain('index.mjs.map');
      // Split at dynamic imports: the credential providers Lambda does not need are chunks.
      expect(files.some((file) => file.startsWith('chunks') && file.endsWith('.mjs'))).toBe(true);

      const probe = join(code, '..', `probe-${Date.now()}.mjs`);
      writeFileSync(
        probe,
        `const m = await import(${JSON.stringify(join(code, 'index.mjs'))}); console.log(typeof m.handler);`,
      );
      const run = spawnSync(process.execPath, [...LAMBDA_BUNDLING.nodeOptions.split(' '), probe], {
        encoding: 'utf8',
      });
      expect(run.stdout.trim()).toBe('function');
    },
  );
});
