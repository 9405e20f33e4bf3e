import { describe, expect, it } from 'vitest';
import { checkCard, paysOffSession, testCardOf } from './test-cards';

const charge = { use: 'charge', authenticated: false } as const;
const setup = { use: 'setup', authenticated: false } as const;

describe('Stripe’s test cards', () => {
  it('4242 is usable for a charge and a setup, spaces allowed', () => {
    expect(checkCard('4242 4242 4242 4242', charge)).toMatchObject({ ok: true });
    expect(checkCard('4242424242424242', setup)).toMatchObject({ ok: true });
  });

  it('0002 and 9995 are declined with the provider’s message, charged or saved', () => {
    for (const use of [charge, setup]) {
      expect(checkCard('4000000000000002', use)).toEqual({
        ok: false,
        reason: 'declined',
        message: 'Your card was declined.',
      });
      expect(checkCard('4000000000009995', use)).toMatchObject({
        message: 'Your card has insufficient funds.',
      });
    }
  });

  it('0341 is saved, but declined when charged', () => {
    expect(checkCard('4000000000000341', setup)).toMatchObject({ ok: true });
    expect(checkCard('4000000000000341', charge)).toMatchObject({ ok: false, reason: 'declined' });
    expect(paysOffSession(testCardOf('4000000000000341'))).toBe(false);
  });

  it('3155 asks for authentication, then pays later charges without', () => {
    expect(checkCard('4000002500003155', setup)).toMatchObject({ reason: 'authentication' });
    expect(checkCard('4000002500003155', { use: 'setup', authenticated: true })).toMatchObject({
      ok: true,
    });
    expect(paysOffSession(testCardOf('4000002500003155'))).toBe(true);
  });

  it('any other number is invalid', () => {
    expect(checkCard('1234', charge)).toMatchObject({ message: 'Your card number is invalid.' });
    expect(paysOffSession(undefined)).toBe(false);
  });
});
