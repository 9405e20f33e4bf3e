import { describe, expect, it } from 'vitest';
import { DESCRIPTION_CONFLICT_MESSAGE } from '../../core/curation/description';
import { CURATED_HISTORY_LIMIT } from '../../core/curation/history';
import { Conflict, Forbidden, NotFound } from '../../core/domain-errors';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import { InMemoryCuratedItemStore } from '../adapters/testing/memory/curated-item-store';
import type { Curator } from './curator-access';
import { createDescriptionService } from './description-service';

const A = 'US0378331005';
const B = 'US5949181045';
const admin: Curator = { sub: 'admin-sub', email: 'admin@example.com', groups: ['admin'] };
const editor: Curator = { sub: 'editor-sub', email: 'ed@example.com', groups: ['editor'] };
const user: Curator = { sub: 'user-sub', email: 'u@example.com', groups: [] };

function setup(editorSet?: PermissionSet) {
  const store = new InMemoryCuratedItemStore<string>(
    new Map([
      [A, { symbol: 'AAPL', ingested: 'Ingested A' }],
      [B, { symbol: 'MSFT', ingested: 'Ingested B' }],
    ]),
    DESCRIPTION_CONFLICT_MESSAGE,
  );
  const users = {
    get: async (sub: string) =>
      sub === editor.sub && editorSet
        ? ({ permissionSet: { accessLevels: editorSet } } as unknown as UserRecord)
        : undefined,
  };
  const service = createDescriptionService({
    store,
    users,
    clock: () => new Date('2026-11-25T06:00:00Z'),
  });
  return { store, service };
}

const setWith = (action: 'read' | 'update', isins: string[]): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, DESCRIPTION: { ...set.DESCRIPTION, [action]: isins } };
};

describe('the description service', () => {
  it('serves the ingested text at version 0, then versioned updates with an audit entry', async () => {
    const { service } = setup();
    expect(await service.get(admin, A)).toMatchObject({ value: 'Ingested A', version: 0 });
    const updated = await service.update(admin, A, 'Curated A', 0);
    expect(updated).toEqual({
      isin: A,
      symbol: 'AAPL',
      value: 'Curated A',
      version: 1,
      updatedAt: '2026-11-25T06:00:00.000Z',
      updatedBy: 'admin@example.com',
    });
    expect(await service.history(admin, A)).toEqual([
      {
        isin: A,
        version: 1,
        before: 'Ingested A',
        after: 'Curated A',
        updatedAt: '2026-11-25T06:00:00.000Z',
        updatedBy: 'admin@example.com',
      },
    ]);
  });

  it('refuses a stale version with Conflict and keeps the winner', async () => {
    const { service } = setup();
    await service.update(admin, A, 'First', 0);
    await expect(service.update(admin, A, 'Second', 0)).rejects.toThrow(
      DESCRIPTION_CONFLICT_MESSAGE,
    );
    await expect(service.update(admin, A, 'Second', 0)).rejects.toThrow(Conflict);
    expect(await service.get(admin, A)).toMatchObject({ value: 'First', version: 1 });
  });

  it('lets exactly one of many concurrent writers at one version win', async () => {
    const { service } = setup();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => service.update(admin, A, `Text ${i}`, 0)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await service.get(admin, A)).version).toBe(1);
  });

  it('restores an earlier version as a new version', async () => {
    const { service } = setup();
    await service.update(admin, A, 'One', 0);
    await service.update(admin, A, 'Two', 1);
    expect(await service.restore(admin, A, 1, 2)).toMatchObject({ value: 'One', version: 3 });
    expect((await service.history(admin, A))[0]).toMatchObject({ before: 'Two', after: 'One' });
    await expect(service.restore(admin, A, 9, 3)).rejects.toThrow(NotFound);
  });

  it('keeps only the last versions in the history', async () => {
    const { service } = setup();
    for (let v = 0; v < CURATED_HISTORY_LIMIT + 5; v += 1) {
      await service.update(admin, A, `Text ${v}`, v);
    }
    const history = await service.history(admin, A);
    expect(history).toHaveLength(CURATED_HISTORY_LIMIT);
    expect(history[0]!.version).toBe(CURATED_HISTORY_LIMIT + 5);
  });

  it('lets an editor update only the ISINs of their set, and writes nothing otherwise', async () => {
    const { service } = setup(setWith('update', [A]));
    await expect(service.update(editor, A, 'By editor', 0)).resolves.toMatchObject({ version: 1 });
    await expect(service.update(editor, B, 'By editor', 0)).rejects.toThrow(Forbidden);
    expect(await service.get(admin, B)).toMatchObject({ value: 'Ingested B', version: 0 });
  });

  it('lets an editor with read only read', async () => {
    const { service } = setup(setWith('read', [A]));
    await expect(service.get(editor, A)).resolves.toMatchObject({ value: 'Ingested A' });
    await expect(service.history(editor, A)).resolves.toEqual([]);
    await expect(service.update(editor, A, 'No', 0)).rejects.toThrow(Forbidden);
    await expect(service.get(editor, B)).rejects.toThrow(Forbidden);
  });

  it('refuses an editor without a stored set and a user without a curation role', async () => {
    const { service } = setup();
    await expect(service.get(editor, A)).rejects.toThrow(Forbidden);
    await expect(service.get(user, A)).rejects.toThrow(Forbidden);
    await expect(service.update(user, A, 'No', 0)).rejects.toThrow(Forbidden);
  });

  it('answers Forbidden before NotFound, and NotFound for an unknown company', async () => {
    const { service } = setup(setWith('read', [A]));
    await expect(service.get(editor, 'GB0002634946')).rejects.toThrow(Forbidden);
    await expect(service.get(admin, 'GB0002634946')).rejects.toThrow(NotFound);
  });
});
