import { describe, expect, it } from 'vitest';
import { notificationKey } from './notifications';

describe('notificationKey', () => {
  it('is the business cause: the same for every report of it, another for another cause', () => {
    const failed = { kind: 'payment-failed', invoiceId: 'in_1', attempt: 1 } as const;
    expect(notificationKey(failed)).toBe(notificationKey({ ...failed }));
    expect(notificationKey(failed)).not.toBe(notificationKey({ ...failed, attempt: 2 }));
    expect(notificationKey(failed)).not.toBe(notificationKey({ ...failed, invoiceId: 'in_2' }));
    const fired = { kind: 'alert-fired', alertId: 'al_1', armedVersion: 3 } as const;
    expect(notificationKey(fired)).toBe('alert-fired#al_1#3');
    expect(notificationKey({ ...fired, armedVersion: 5 })).not.toBe(notificationKey(fired));
    expect(notificationKey({ kind: 'duplicate-refunded', subscriptionId: 'sub_2' })).toBe(
      'duplicate-refunded#sub_2',
    );
  });
});
