import { describe, expect, it } from 'vitest';
import { changedFields, shown } from './changed-fields';

const fields = [
  { path: 'a', label: 'A' },
  { path: 'nested.b', label: 'B' },
];
const rows = [{ path: 'list', label: 'Row', describe: (row: { n: string }) => row.n }] as const;

describe('changedFields', () => {
  it('lists the fields that differ, before → after, and skips equal ones', () => {
    expect(
      changedFields({ a: 1, nested: { b: 'x' } }, { a: 1500, nested: { b: 'x' } }, fields),
    ).toEqual([{ label: 'A', before: '1', after: '1,500' }]);
  });

  it('shows every set field of an item that did not exist before', () => {
    expect(changedFields(null, { a: 2, nested: { b: 'y' } }, fields)).toEqual([
      { label: 'A', before: '—', after: '2' },
      { label: 'B', before: '—', after: 'y' },
    ]);
  });

  it('compares rows as rows: re-sorted is no change, a duplicate counts twice', () => {
    const before = { list: [{ n: 'p' }, { n: 'q' }] };
    expect(changedFields(before, { list: [{ n: 'q' }, { n: 'p' }] }, [], rows)).toEqual([]);
    expect(changedFields(before, { list: [{ n: 'q' }, { n: 'r' }, { n: 'r' }] }, [], rows)).toEqual(
      [
        { label: 'Row removed', before: 'p', after: '—' },
        { label: 'Row added', before: '—', after: 'r' },
        { label: 'Row added', before: '—', after: 'r' },
      ],
    );
  });

  it('shows a value as its field says, and an absent one as a dash', () => {
    const flag = [
      { path: 'hidden', label: 'Public', show: (v: unknown) => (v ? 'Hidden' : 'Listed') },
    ];
    expect(changedFields({ hidden: false }, { hidden: true }, flag)).toEqual([
      { label: 'Public', before: 'Listed', after: 'Hidden' },
    ]);
    expect(changedFields(null, { hidden: false }, flag)).toEqual([
      { label: 'Public', before: '—', after: 'Listed' },
    ]);
  });

  it('shows absent values as a dash', () => {
    expect([shown(undefined), shown(null), shown(''), shown(0)]).toEqual(['—', '—', '—', '0']);
  });
});
