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
];

describe('the curation stores and the curation function’s grant', () => {
  it.each(CURATION_STORES)('%s sends no BatchWriteItem and no Scan', async (path) => {
    const source = await readFile(new URL(`../../${path}`, import.meta.url), 'utf8');
    expect(source).not.toMatch(/BatchWriteCommand|ScanCommand/);
  });

  it('names every store the curation handler builds', async () => {
    // The handler composes the services with curation-services.ts; both are read.
    const sources = await Promise.all(
      ['lambdas/graphql/curation-handler.ts', 'lambdas/curation/curation-services.ts'].map((path) =>
        readFile(new URL(`../../${path}`, import.meta.url), 'utf8'),
      ),
    );
    const stores = sources.flatMap((source) =>
      [...source.matchAll(/from '\.\.\/adapters\/dynamodb\/([\w-]+)'/g)].map((m) => m[1]),
    );
    expect(stores).toContain('sheet-store');
    const checked = CURATION_STORES.map((p) => p.split('/').pop()!.replace('.ts', ''));
    // curated-items builds the curated-item store; document-client and users-table-stores only
    // read (the users table is read-only for this function).
    const ignored = ['curated-items', 'document-client', 'users-table-stores'];
    expect(stores.filter((s) => !ignored.includes(s!) && !checked.includes(s!))).toEqual([]);
  });
});
