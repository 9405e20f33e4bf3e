import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployedEntries, importsOf, ROOT, sourcesUnder } from './import-graph';

/**
 * Each deployed function is composed in one place, its compose module (lambdas/<api>/compose.ts,
 * <trigger>.compose.ts beside <trigger>.handler.ts): the Lambda handler calls it with AWS's
 * adapters, the local stack with its emulators. Neither builds an API, a service or a trigger
 * any other way, so what runs locally is what runs in AWS.
 */

/** A compose module: compose.ts, <name>.compose.ts or <name>-compose.ts (and compose-<name>.ts). */
const isComposeModule = (path: string) =>
  /^lambdas\/.+\/(compose(-[\w-]+)?|[\w-]+[.-]compose)\.ts$/.test(path);

/** The compose module of a handler: 'handler' in its name becomes 'compose'. */
const composeModuleOf = (entry: string) =>
  join(dirname(entry), basename(entry).replace('handler', 'compose'));

/** What a composition is made of, rather than what it is made over (adapters, ports, helpers). */
const isApiModule = (path: string) =>
  /^lambdas\//.test(path) &&
  !/^lambdas\/(adapters|ports|shared)\//.test(path) &&
  !isComposeModule(path);

const valueImports = (path: string) => importsOf(path).filter((i) => !i.typeOnly && i.file);

/**
 * Compositions the local stack does not run, and why (none: the ingest runs in its real-data
 * mode, infra/local/real-data.ts).
 */
const NOT_RUN_LOCALLY: Record<string, string> = {};

const entries = deployedEntries();
const composeModules = sourcesUnder('lambdas').filter(isComposeModule);
const localStack = sourcesUnder('infra/local');

/**
 * The building blocks of the compositions: every name a compose module takes from an API module
 * (the API factories, the services, the trigger and run functions). Read from the compose
 * modules, so a new API or service is covered without editing this.
 */
const buildingBlocks = new Map<string, Set<string>>();
for (const path of composeModules) {
  for (const { file, values } of valueImports(path)) {
    if (!isApiModule(file!)) continue;
    const names = buildingBlocks.get(file!) ?? new Set();
    for (const name of values) names.add(name);
    buildingBlocks.set(file!, names);
  }
}

/** The building blocks a file imports as values: `file → module: name`. */
const blocksImportedBy = (path: string) =>
  valueImports(path).flatMap(({ file, values }) => {
    const blocks = buildingBlocks.get(file!);
    if (!blocks) return [];
    return values
      .filter((name) => name === '*' || blocks.has(name))
      .map((name) => `${path} → ${file}: ${name}`);
  });

/** A handler and the AWS adapters it builds with, up to its compose module. */
function handlerSide(entry: string): string[] {
  const side = new Set<string>();
  const pending = [entry];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (side.has(path) || isComposeModule(path) || !path.startsWith('lambdas/')) continue;
    side.add(path);
    for (const { file } of valueImports(path)) pending.push(file!);
  }
  return [...side];
}

describe('one composition per deployed function', () => {
  it('finds the compositions and what they build with', () => {
    expect(composeModules).toContain('lambdas/subscription/compose.ts');
    expect(buildingBlocks.get('lambdas/subscription/app.ts')).toContain('createSubscriptionApi');
    expect(buildingBlocks.get('lambdas/asset/service.ts')).toContain('AssetService');
  });

  it.each(entries)('%s calls its compose module', (entry) => {
    const composeModule = composeModuleOf(entry);
    expect(existsSync(join(ROOT, composeModule)), `${composeModule} exists`).toBe(true);
    expect(valueImports(entry).map((i) => i.file)).toContain(composeModule);
  });

  it('no handler builds an API, a service or a trigger but through a compose module', () => {
    const handlerCode = new Set(entries.flatMap(handlerSide));
    expect([...handlerCode].flatMap(blocksImportedBy)).toEqual([]);
  });

  it('the local stack takes from lambdas/ only compose modules, adapters, ports and shared code', () => {
    // Types are free: a port's or a result's type composes nothing.
    const strays = localStack.flatMap((path) =>
      valueImports(path)
        .filter(({ file }) => isApiModule(file!))
        .map(({ file, values }) => `${path} → ${file}: ${values.join(', ')}`),
    );
    expect(strays).toEqual([]);
  });

  it('the local stack runs every composition (but those it has no use for)', () => {
    const used = new Set(localStack.flatMap((path) => valueImports(path).map((i) => i.file)));
    const unused = composeModules.filter((path) => !used.has(path) && !(path in NOT_RUN_LOCALLY));
    expect(unused).toEqual([]);
  });
});
