import { describe, expect, it } from 'vitest';
import type { AreaChange } from '../../core/curation/overview';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import { InMemoryAreaIndex, InMemoryIngestRuns } from '../adapters/testing/memory/area-index';
import { OverviewService } from './overview-service';

const NOW = new Date('2026-11-26T12:00:00Z');
const A = 'US0378331005';
const B = 'US5949181045';
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

const changes: AreaChange[] = [
  { area: 'SHEETS', isin: A, updatedAt: days(1), updatedBy: 'ann@example.com' },
  { area: 'SHEETS', isin: B, updatedAt: days(2), updatedBy: 'bob@example.com' },
  { area: 'SHEETS', isin: B, updatedAt: days(3), updatedBy: 'bob@example.com' },
  { area: 'SHEETS', isin: A, updatedAt: days(9), updatedBy: 'old@example.com' },
  { area: 'DESCRIPTION', isin: B, updatedAt: days(0.5), updatedBy: 'ann@example.com' },
];

function setup(stored?: PermissionSet) {
  const runs = new InMemoryIngestRuns();
  const service = new OverviewService({
    areas: new InMemoryAreaIndex(
      new Map([
        ['STOCKS', [A, B]],
        ['SHEETS', [A, A, A, B, B, B]],
        ['DESCRIPTION', [B]],
      ]),
      changes,
    ),
    ingestRuns: runs,
    users: {
      get: async () =>
        stored ? ({ permissionSet: { accessLevels: stored } } as never) : undefined,
    },
    clock: () => NOW,
  });
  return { service, runs };
}

const refusal = {
  endpoint: '/stable/grades',
  exchange: 'LSE',
  message: 'Premium endpoint: upgrade your plan.',
  companies: 12,
};

const admin = { sub: 'admin', email: 'admin@example.com', groups: ['admin'] };
const editor = { sub: 'ed', email: 'ed@example.com', groups: ['editor'] };

describe('OverviewService', () => {
  it('gives an admin every area with counts, the week’s changes by person and the last ingest', async () => {
    const { service, runs } = setup();
    await runs.record({
      source: 'FMP ingest',
      startedAt: days(1),
      finishedAt: days(1),
      ingested: 300,
      failures: [{ symbol: 'BAD', reason: 'no ISIN' }],
      refusals: [refusal],
    });
    const overview = await service.overview(admin);
    expect(overview.since).toBe(days(7));
    expect(overview.areas.map((a) => [a.area, a.count, a.recentChanges])).toEqual([
      ['STOCKS', 2, 0],
      ['SHEETS', 6, 3],
      ['ANALYST', 0, 0],
      ['SHARIAH', 0, 0],
      ['DESCRIPTION', 1, 1],
    ]);
    expect(overview.areas[1]!.lastChange).toEqual(changes[0]);
    expect(overview.changesByPerson).toEqual([
      { who: 'ann@example.com', changes: 2 },
      { who: 'bob@example.com', changes: 2 },
    ]);
    expect(overview.recent.map((c) => c.updatedAt)).toEqual([days(0.5), days(1), days(2), days(3)]);
    expect(overview.lastIngest).toMatchObject({ ingested: 300, failed: 1, refusals: [refusal] });
  });

  it('shows an editor only the areas and ISINs their set reads, and no ingest', async () => {
    const set = emptyPermissionSet();
    const { service } = setup({ ...set, SHEETS: { ...set.SHEETS, read: [A], update: [A] } });
    const overview = await service.overview(editor);
    expect(overview.areas.map((a) => a.area)).toEqual(['SHEETS']);
    expect(overview.areas[0]).toMatchObject({ count: 3, recentChanges: 1 });
    expect(overview.areas[0]!.lastChange?.isin).toBe(A);
    expect(overview.changesByPerson).toEqual([{ who: 'ann@example.com', changes: 1 }]);
    expect(overview.recent.every((c) => c.isin === A)).toBe(true);
    expect(overview.lastIngest).toBeNull();
  });

  it('reads SHARIAH, a GENERAL resource, only with ALL', async () => {
    const set = emptyPermissionSet();
    const { service } = setup({ ...set, SHARIAH: { ...set.SHARIAH, read: ['ALL'] } });
    expect((await service.overview(editor)).areas.map((a) => a.area)).toEqual(['SHARIAH']);
  });

  it('refuses someone who curates nothing', async () => {
    const { service } = setup();
    await expect(
      service.overview({ sub: 'u', email: 'u@example.com', groups: [] }),
    ).rejects.toThrow('Curation needs an admin or editor');
  });
});
