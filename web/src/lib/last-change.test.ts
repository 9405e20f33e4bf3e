import { describe, expect, it } from 'vitest';
import { describeLastChange } from './last-change';

describe('describeLastChange', () => {
  it('names who changed the set and when, in UTC', () => {
    expect(describeLastChange({ by: 'admin@example.com', at: '2025-03-04T05:06:07.000Z' })).toBe(
      'Last changed by admin@example.com on 2025-03-04 at 05:06 UTC.',
    );
  });

  it('says nothing when nobody has changed it, and no date when the time is unreadable', () => {
    expect(describeLastChange(null)).toBeUndefined();
    expect(describeLastChange({ by: 'a@b.c', at: 'soon' })).toBe('Last changed by a@b.c.');
  });
});
