import { describe, expect, it } from 'vitest';
import { checkCard, checkExpiry, paysOffSession, testCardOf } from './test-cards';

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
        code: 'card_declined',
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

  it('refuses an expiry before the month of `now` with Stripe’s expired_card, as card 0069 is', () => {
    const now = new Date(Date.UTC(2026, 10, 29, 12));
    const at = (text: string) => ({ ...charge, expiry: { text, now } });
    const expired = {
      ok: false,
      reason: 'declined',
      code: 'expired_card',
      param: 'exp_month',
      message: 'Your card has expired.',
    };
    for (const text of ['10 / 26', '12/25', '11 / 2025', '1/20']) {
      expect(checkCard('4242424242424242', at(text)), text).toEqual(expired);
    }
    // Through the last day of its month, and any later month.
    expect(checkCard('4242424242424242', at('11 / 26'))).toMatchObject({
      ok: true,
      expiry: { month: 11, year: 2026 },
    });
    expect(checkCard('4242 4242 4242 4242', at('01/2027'))).toMatchObject({ ok: true });
    expect(checkCard('4000000000000069', at('12 / 34'))).toMatchObject({
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    expect(checkCard('4000000000000069', setup)).toMatchObject({ code: 'expired_card' });
  });

  it('refuses an expiry that is not a month and year', () => {
    const now = new Date(Date.UTC(2026, 10, 29));
    expect(checkExpiry('13 / 30', now)).toMatchObject({ code: 'invalid_expiry_month' });
    expect(checkExpiry('00 / 30', now)).toMatchObject({ code: 'invalid_expiry_month' });
    for (const text of ['', '12', '12 / 3', 'ab / cd', '12 / 30 / 1']) {
      expect(checkExpiry(text, now), text).toMatchObject({ code: 'incomplete_expiry' });
    }
  });
});
