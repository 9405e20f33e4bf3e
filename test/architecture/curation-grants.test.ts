import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/**
 * The curation resolver's role may write single stocks-table items and never batches
 * (test/cdk/stateless-stack.test.ts holds the grant). DynamoDB Local enforces no IAM, so a store
 * that batches would pass every local test and fail in AWS: the stores it uses are held to the
 * commands the grant allows.
 */
const CURATION_STORES = [
  'lambdas/adapters/dynamodb/stock-store.ts',
  'lambdas/adapters/dynamodb/sheet-store.ts',
  'lambdas/adapters/dynamodb/curated-item-store.ts',
  'lambdas/adapters/dynamodb/area-index.ts',
  'lambdas/adapters/dynamodb/ingest-runs.ts',
  'lambdas/adapters/dynamodb/audit-trail.ts',
  // The marks of stocks whose verdict a write may change (the verdict alerts).
  'lambdas/adapters/dynamodb/verdict-watch.ts',
];

describe('the curation stores and the curation function’s grant', () => {
  it.each(CURATION_STORES)('%s sends no BatchWriteItem and no Scan', async (path) => {
    const source = await readFile(new URL(`../../${path}`, import.meta.url), 'utf8');
    expect(source).not.toMatch(/BatchWriteCommand|ScanCommand/);
  });

  it('names every store the curation handler builds', async () => {
    // The handler takes the stocks table's stores from curation-stores.ts; both are read.
    const read = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8');
    const importsOf = (source: string, from: string) =>
      [...source.matchAll(new RegExp(`from '${from}/([\\w-]+)'`, 'g'))].map((m) => m[1]);
    const stores = [
      ...importsOf(await read('lambdas/graphql/curation-handler.ts'), '\\.\\./adapters/dynamodb'),
      ...importsOf(await read('lambdas/adapters/dynamodb/curation-stores.ts'), '\\.'),
    ];
    expect(stores).toContain('sheet-store');
    const checked = CURATION_STORES.map((p) => p.split('/').pop()!.replace('.ts', ''));
    // curated-items builds the curated-item store, curation-stores names them all; document-client
    // and users-table-stores only read (the users table is read-only for this function).
    const ignored = ['curated-items', 'curation-stores', 'document-client', 'users-table-stores'];
    expect(stores.filter((s) => !ignored.includes(s!) && !checked.includes(s!))).toEqual([]);
  });
});
