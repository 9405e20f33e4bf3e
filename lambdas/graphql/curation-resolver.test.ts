import { InMemoryAreaIndex, InMemoryIngestRuns } from '../adapters/testing/memory/area-index';
import { OverviewService } from '../curation/overview-service';
import type { AppSyncResolverEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { InMemorySessionRevocations } from '../adapters/testing/memory/session-revocations';
import { InMemoryCuratedItemStore } from '../adapters/testing/memory/curated-item-store';
import { InMemorySheetStore } from '../adapters/testing/memory/sheet-store';
import { createAnalystService } from '../curation/analyst-service';
import { createShariahService } from '../curation/shariah-service';
import { StockService } from '../curation/stock-service';
import { InMemoryStockStore } from '../adapters/testing/memory/stock-store';
import { createDescriptionService } from '../curation/description-service';
import { SheetService } from '../curation/sheet-service';
import { createCurationResolver } from './curation-resolver';

const ISIN = 'US0378331005';
const NOW = new Date('2026-11-25T06:00:00Z');
const ISSUED = String(NOW.getTime() / 1000 - 60);

function setup() {
  const revocations = new InMemorySessionRevocations();
  const store = new InMemoryCuratedItemStore<string>(
    new Map([[ISIN, { symbol: 'AAPL', ingested: 'Ingested' }]]),
  );
  const resolve = createCurationResolver({
    descriptions: createDescriptionService({ store, users: { get: async () => undefined } }),
    sheets: new SheetService({
      store: new InMemorySheetStore(new Map()),
      users: { get: async () => undefined },
    }),
    analyst: createAnalystService({
      store: new InMemoryCuratedItemStore(new Map()),
      users: { get: async () => undefined },
    }),
    shariah: createShariahService({
      store: new InMemoryCuratedItemStore(new Map()),
      users: { get: async () => undefined },
    }),
    stocks: new StockService({
      store: new InMemoryStockStore(),
      users: { get: async () => undefined },
    }),
    overview: new OverviewService({
      areas: new InMemoryAreaIndex(),
      ingestRuns: new InMemoryIngestRuns(),
      users: { get: async () => undefined },
    }),
    revocations,
    clock: () => NOW,
  });
  const call = (
    parentTypeName: 'Query' | 'Mutation',
    fieldName: string,
    args: Record<string, unknown>,
    claims: Record<string, string> | null,
  ) =>
    resolve({
      arguments: args,
      identity: claims && { sub: claims.sub, claims },
      info: { parentTypeName, fieldName },
    } as unknown as AppSyncResolverEvent<Record<string, unknown>>);
  return { call, revocations };
}

const admin = { sub: 'a', email: 'a@example.com', 'cognito:groups': '[admin]', iat: ISSUED };
const user = { sub: 'u', email: 'u@example.com', iat: ISSUED };

describe('GraphQL curation fields', () => {
  it('updates for an admin and answers the new version', async () => {
    const { call } = setup();
    await expect(
      call('Mutation', 'updateDescription', { isin: ISIN, text: ' New ', version: 0 }, admin),
    ).resolves.toMatchObject({ text: 'New', version: 1, updatedBy: 'a@example.com' });
  });

  it('answers Unauthorized without an identity and for a revoked session', async () => {
    const { call, revocations } = setup();
    const args = { isin: ISIN };
    await expect(call('Query', 'curatedDescription', args, null)).rejects.toMatchObject({
      name: 'Unauthorized',
    });
    await revocations.revokeAllBefore('a', NOW.getTime());
    await expect(call('Query', 'curatedDescription', args, admin)).rejects.toMatchObject({
      name: 'Unauthorized',
    });
  });

  it('refuses a non-curator with Forbidden before reading their input', async () => {
    const { call } = setup();
    await expect(
      call('Mutation', 'updateDescription', { isin: 'bad', text: '', version: -1 }, user),
    ).rejects.toMatchObject({ name: 'Forbidden' });
  });

  it('names the field of bad input (BadRequest), and answers a stale version with Conflict', async () => {
    const { call } = setup();
    await expect(
      call('Mutation', 'updateDescription', { isin: ISIN, text: '<b>x</b>', version: 0 }, admin),
    ).rejects.toMatchObject({ name: 'BadRequest', message: expect.stringMatching(/^text: /) });
    await call('Mutation', 'updateDescription', { isin: ISIN, text: 'One', version: 0 }, admin);
    await expect(
      call('Mutation', 'updateDescription', { isin: ISIN, text: 'Two', version: 0 }, admin),
    ).rejects.toMatchObject({ name: 'Conflict', message: expect.stringMatching(/reload/) });
  });

  it('answers null for an unknown company, NotFound for a version not kept', async () => {
    const { call } = setup();
    await expect(
      call('Query', 'curatedDescription', { isin: 'GB0002634946' }, admin),
    ).resolves.toBeNull();
    await expect(
      call('Mutation', 'restoreDescription', { isin: ISIN, version: 4, expectedVersion: 0 }, admin),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });
});
