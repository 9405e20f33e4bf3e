import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../core/permissions';
import type { PermissionAuditEntry } from '../../core/user-record';
import { appendAudit, AUDIT_MAX_ENTRIES, lastChangeOf } from './permission-audit';

const set = emptyPermissionSet();
const entry = (n: number, items: string[] = []): PermissionAuditEntry => ({
  by: `admin${n}@example.com`,
  at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
  before: null,
  after: { ...set, STOCKS: { ...set.STOCKS, read: items } },
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
    const size = JSON.stringify(big(1)).length;
    const next = appendAudit([big(1), big(2), big(3)], big(4), { maxChars: size * 2 });
    expect(next.map((e) => e.by)).toEqual(['admin3@example.com', 'admin4@example.com']);
    expect(appendAudit([big(1)], big(2), { maxChars: 10 })).toEqual([big(2)]);
  });
});

describe('lastChangeOf', () => {
  it('is the latest entry’s who and when, or null', () => {
    expect(lastChangeOf(undefined)).toBeNull();
    expect(lastChangeOf([])).toBeNull();
    expect(
      lastChangeOf([
        entry(1),
        { ...entry(2), after: { ...set, USERS: { ...set.USERS, read: [ALL] } } },
      ]),
    ).toEqual({
      by: 'admin2@example.com',
      at: '2025-01-01T00:02:00.000Z',
    });
  });
});
