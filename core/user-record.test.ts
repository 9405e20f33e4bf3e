import { describe, expect, it } from 'vitest';
import { newUserRecord } from './user-record';

describe('newUserRecord', () => {
  it('keys the record by the lower-cased e-mail, with no subscription and no permission set', () => {
    expect(
      newUserRecord({
        email: 'Ann@Example.com',
        sub: 'sub-ann',
        phoneNumber: '+15551234567',
        createdAt: '2025-01-02T03:04:05.000Z',
      }),
    ).toEqual({
      email: 'ann@example.com',
      sub: 'sub-ann',
      phoneNumber: '+15551234567',
      createdAt: '2025-01-02T03:04:05.000Z',
      subscription: null,
    });
  });

  it('leaves out a missing or empty phone number', () => {
    for (const phoneNumber of [undefined, '']) {
      const record = newUserRecord({ email: 'a@b.io', sub: 's', phoneNumber, createdAt: 'now' });
      expect(record).not.toHaveProperty('phoneNumber');
    }
  });
});
