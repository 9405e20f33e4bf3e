import { describe, expect, it } from 'vitest';
import {
  creditOfBalance,
  invoiceCredit,
  isProrationDateCurrent,
  PRORATION_QUOTE_SECONDS,
} from './plan-change';

describe('isProrationDateCurrent', () => {
  const now = 1_800_000_000;

  it('takes the provider’s now and an instant of the last minutes', () => {
    expect(isProrationDateCurrent(now, now)).toBe(true);
    expect(isProrationDateCurrent(now - 60, now)).toBe(true);
    expect(isProrationDateCurrent(now - PRORATION_QUOTE_SECONDS, now)).toBe(true);
  });

  it('refuses an instant to come, or one older than a quote lasts (it would credit used time)', () => {
    expect(isProrationDateCurrent(now + 1, now)).toBe(false);
    expect(isProrationDateCurrent(now - PRORATION_QUOTE_SECONDS - 1, now)).toBe(false);
    expect(isProrationDateCurrent(now - 30 * 86_400, now)).toBe(false);
  });
});

describe('the credit balance', () => {
  it('is the negative part of the provider’s balance', () => {
    expect(creditOfBalance(-8100)).toBe(8100);
    expect(creditOfBalance(0)).toBe(0);
    expect(creditOfBalance(500)).toBe(0);
  });

  it('an invoice paid partly from credit applied it; one with a negative total added credit', () => {
    expect(invoiceCredit(-8100, -7200)).toEqual({ applied: 900, added: 0 });
    expect(invoiceCredit(-300, 0)).toEqual({ applied: 300, added: 0 });
    expect(invoiceCredit(0, -8100)).toEqual({ applied: 0, added: 8100 });
    expect(invoiceCredit(0, 0)).toEqual({ applied: 0, added: 0 });
  });

  it('an amount owed paid off is neither credit applied nor added', () => {
    expect(invoiceCredit(500, 0)).toEqual({ applied: 0, added: 0 });
  });
});
