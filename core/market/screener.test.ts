import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toQueryNumber } from './query-params';
import { EXCHANGE_SHORT_NAME_MESSAGE, searchQuery } from './screener';

describe('screener query (GET /stocks/search)', () => {
  it('reads numbers, upper-cases exchange and country, and refuses unknown filters', () => {
    expect(
      searchQuery.parse({ priceMoreThan: '10.5', exchange: 'nyse', country: 'us', limit: '5' }),
    ).toEqual({ priceMoreThan: 10.5, exchange: 'NYSE', country: 'US', limit: 5 });
    expect(searchQuery.safeParse({ pe: '10' }).success).toBe(false);
  });

  it('refuses a query over 100 characters and a malformed exchange, saying why', () => {
    expect(searchQuery.safeParse({ query: 'a'.repeat(100) }).success).toBe(true);
    expect(searchQuery.safeParse({ query: 'a'.repeat(101) }).error?.issues[0]?.message).toBe(
      'At most 100 characters',
    );
    expect(searchQuery.safeParse({ exchange: 'N4SDAQ' }).error?.issues[0]?.message).toBe(
      EXCHANGE_SHORT_NAME_MESSAGE,
    );
  });

  it('refuses the exponent form String(n) gives small and huge numbers', () => {
    expect(String(0.0000001)).toBe('1e-7');
    expect(searchQuery.safeParse({ priceMoreThan: String(0.0000001) }).success).toBe(false);
    expect(searchQuery.safeParse({ priceMoreThan: toQueryNumber(0.0000001) }).success).toBe(true);
  });
});

describe('toQueryNumber', () => {
  it('writes plain decimals', () => {
    expect(toQueryNumber(0.0000001)).toBe('0.0000001');
    expect(toQueryNumber(200e9)).toBe('200000000000');
    expect(toQueryNumber(1e21)).toBe('1000000000000000000000');
    expect(toQueryNumber(-12.5)).toBe('-12.5');
  });

  it('writes every finite number in a form the API reads back (to 20 decimals)', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }),
        (n) => {
          const parsed = searchQuery.parse({ priceMoreThan: toQueryNumber(n) }).priceMoreThan!;
          expect(Math.abs(parsed - n)).toBeLessThanOrEqual(1e-20 + Math.abs(n) * 1e-15);
        },
      ),
    );
  });
});
