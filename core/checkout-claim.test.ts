import { describe, expect, it } from 'vitest';
import { checkoutStep, duplicateSubscriptions, PENDING_CLAIM_MS } from './checkout-claim';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const open = {
  plan: 'premium_monthly' as const,
  claimedAt: iso(NOW - 60_000),
  session: { id: 'cs_1', url: 'https://pay/cs_1', expiresAt: iso(NOW + 3_600_000) },
};

describe('checkoutStep: one payable checkout per user', () => {
  it('claims when there is no claim', () => {
    expect(checkoutStep(null, 'premium_monthly', NOW, undefined)).toEqual({ kind: 'claim' });
  });

  it('answers the open session of the same plan', () => {
    expect(checkoutStep(open, 'premium_monthly', NOW, 'open')).toEqual({
      kind: 'reuse',
      url: 'https://pay/cs_1',
    });
  });

  it('expires the open session of the other plan before claiming anew', () => {
    expect(checkoutStep(open, 'premium_yearly', NOW, 'open')).toEqual({
      kind: 'replace',
      expire: 'cs_1',
    });
  });

  it.each([
    ['complete', 'complete' as const, NOW],
    ['expired at the provider', 'expired' as const, NOW],
    ['past its expiry', 'open' as const, NOW + 2 * 3_600_000],
  ])('replaces a claim whose session is %s', (_name, status, now) => {
    expect(checkoutStep(open, 'premium_monthly', now, status)).toEqual({ kind: 'claim' });
  });

  it('waits for a session being made, and takes over a claim abandoned before it was made', () => {
    const pending = { plan: 'premium_monthly' as const, claimedAt: iso(NOW - 1_000) };
    expect(checkoutStep(pending, 'premium_yearly', NOW, undefined)).toEqual({ kind: 'wait' });
    expect(checkoutStep(pending, 'premium_monthly', NOW + PENDING_CLAIM_MS, undefined)).toEqual({
      kind: 'claim',
    });
  });
});

describe('duplicateSubscriptions: one running subscription per customer', () => {
  it('leaves a single subscription alone', () => {
    expect(duplicateSubscriptions([{ id: 'sub_a', created: 1 }])).toBeUndefined();
    expect(duplicateSubscriptions([])).toBeUndefined();
  });

  it('keeps the oldest and ends every newer one, whatever the order given', () => {
    expect(
      duplicateSubscriptions([
        { id: 'sub_c', created: 3 },
        { id: 'sub_a', created: 1 },
        { id: 'sub_b', created: 2 },
      ]),
    ).toEqual({ keep: 'sub_a', cancel: ['sub_c', 'sub_b'].sort() });
  });

  it('on a tie keeps the one the record holds', () => {
    const running = [
      { id: 'sub_a', created: 5 },
      { id: 'sub_b', created: 5 },
    ];
    expect(duplicateSubscriptions(running, 'sub_b')).toEqual({ keep: 'sub_b', cancel: ['sub_a'] });
    expect(duplicateSubscriptions(running)).toEqual({ keep: 'sub_a', cancel: ['sub_b'] });
  });
});
