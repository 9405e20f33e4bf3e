import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../core/permissions';
import type { PermissionAuditEntry } from '../../core/user-record';
import { appendAudit, AUDIT_MAX_ENTRIES, auditEntry, lastChangeOf } from './permission-audit';

const set = emptyPermissionSet();
const at = (n: number) => new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString();
const entry = (n: number, items: string[] = []): PermissionAuditEntry =>
  auditEntry(`admin${n}@example.com`, at(n), null, {
    ...set,
    STOCKS: { ...set.STOCKS, read: items },
  });

describe('auditEntry', () => {
  it('holds who, when and what changed, not the sets', () => {
    const before = { ...set, STOCKS: { ...set.STOCKS, read: ['US1', 'US2'] } };
    const after = {
      ...set,
      STOCKS: { ...set.STOCKS, read: ['US2', 'US3'] },
      USERS: { ...set.USERS, read: [ALL] },
    };
    expect(auditEntry('boss@example.com', at(1), before, after)).toEqual({
      by: 'boss@example.com',
      at: at(1),
      changes: {
        items: { STOCKS: { read: { added: ['US3'], removed: ['US1'] } } },
        generalRead: { USERS: true },
      },
    });
  });
});

describe('appendAudit', () => {
  it('appends the newest change last', () => {
    expect(appendAudit([entry(1)], entry(2))).toEqual([entry(1), entry(2)]);
  });

  it(`keeps the last ${AUDIT_MAX_ENTRIES} changes`, () => {
    const trail = Array.from({ length: AUDIT_MAX_ENTRIES }, (_, i) => entry(i));
    const next = appendAudit(trail, entry(99));
    expect(next).toHaveLength(AUDIT_MAX_ENTRIES);
    expect(next[0]).toEqual(entry(1));
    expect(next.at(-1)).toEqual(entry(99));
  });

  it('drops the oldest entries while the trail is too large, never the newest', () => {
    const big = (n: number) =>
      entry(
        n,
        Array.from({ length: 50 }, (_, i) => `US${i}`.padEnd(12, '0')),
      );
    const size = Buffer.byteLength(JSON.stringify(big(1)));
    const next = appendAudit([big(1), big(2), big(3)], big(4), { maxBytes: size * 2 });
    expect(next.map((e) => e.by)).toEqual(['admin3@example.com', 'admin4@example.com']);
    expect(appendAudit([big(1)], big(2), { maxBytes: 10 })).toEqual([big(2)]);
  });

  it('counts bytes, not characters', () => {
    // 100 two-byte characters: within the bound counted in characters, 50 bytes over it in bytes.
    const wide = { ...entry(1), by: 'ü'.repeat(100) };
    const chars = JSON.stringify(wide).length + JSON.stringify(entry(2)).length;
    expect(appendAudit([wide], entry(2), { maxBytes: chars + 50 })).toEqual([entry(2)]);
  });
});

describe('lastChangeOf', () => {
  it('is the latest entry’s who and when, or null', () => {
    expect(lastChangeOf([])).toBeNull();
    expect(lastChangeOf([entry(1), entry(2)])).toEqual({
      by: 'admin2@example.com',
      at: '2025-01-01T00:02:00.000Z',
    });
  });
});
