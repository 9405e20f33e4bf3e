import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { inject } from 'vitest';
import { buildApp, type ProductStacks } from '../../infra/aws/app';

export interface TestApp {
  readonly app: App;
  readonly stacks: ProductStacks;
  readonly outdir: string;
}

/**
 * The product's CDK app as bin/app.ts builds it (with `context` as `cdk -c` would pass it),
 * without asset bundling, in an outdir of this run's (test/cdk/cdk-output-setup.ts).
 */
export function buildTestApp(context: Record<string, string> = {}): TestApp {
  const outdir = mkdtempSync(join(inject('cdkOutputRoot'), 'app-'));
  const app = new App({ outdir, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  return { app, stacks: buildApp(app), outdir };
}

const shared = new Map<string, TestApp>();

/**
 * One app per context for the whole cdk project (its files share a module cache): for tests that
 * only read the synthesised templates. A test that adds constructs builds its own with
 * buildTestApp.
 */
export function sharedTestApp(context: Record<string, string> = {}): TestApp {
  const key = JSON.stringify(Object.entries(context).sort());
  let app = shared.get(key);
  if (!app) {
    app = buildTestApp(context);
    shared.set(key, app);
  }
  return app;
}
