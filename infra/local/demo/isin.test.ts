import { describe, expect, it } from 'vitest';
import {
  cusipCheckDigit,
  inventNationalPart,
  isValidIsin,
  isinCheckDigit,
  makeIsin,
  sedolCheckDigit,
} from './isin';
import { createRandom } from './random';

// Real, published ISINs (each verified with the Luhn algorithm, independently of this module).
const REAL_ISINS = [
  'US0378331005', // Apple Inc.
  'GB0002634946', // BAE Systems plc
  'DE0007164600', // SAP SE
  'JP3435000009', // Sony Group Corp.
  'SA14TG012N13', // a Tadawul listing (letters in the national part)
  'FR0000120271', // TotalEnergies SE
  'INE002A01018', // Reliance Industries Ltd
  'AU0000XVGZA3', // letters in the national part
  'IE00B4BNMY34', // Accenture plc
];

describe('isinCheckDigit / isValidIsin', () => {
  it.each(REAL_ISINS)('accepts the real ISIN %s', (isin) => {
    expect(isValidIsin(isin)).toBe(true);
    expect(isinCheckDigit(isin.slice(0, 11))).toBe(Number(isin.slice(11)));
    expect(makeIsin(isin.slice(0, 2), isin.slice(2, 11))).toBe(isin);
  });

  it('computes the check digits of the vectors', () => {
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(isinCheckDigit('GB000263494')).toBe(6);
    expect(isinCheckDigit('DE000716460')).toBe(0);
    expect(isinCheckDigit('JP343500000')).toBe(9);
    expect(isinCheckDigit('SA14TG012N1')).toBe(3);
  });

  it('rejects a wrong check digit, a wrong length and bad characters', () => {
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isValidIsin('US037833100')).toBe(false);
    expect(isValidIsin('US03783310055')).toBe(false);
    expect(isValidIsin('us0378331005')).toBe(false);
    expect(isValidIsin('US037833100X')).toBe(false);
    expect(isValidIsin('1S0378331005')).toBe(false);
    // Swapping two adjacent digits changes the check digit.
    expect(isValidIsin('US0387331005')).toBe(false);
  });

  it('refuses to compute a check digit of a malformed prefix', () => {
    expect(() => isinCheckDigit('US03783310')).toThrow();
    expect(() => isinCheckDigit('U10378331005'.slice(0, 11))).toThrow();
  });
});

describe('national identifiers', () => {
  it('computes CUSIP and SEDOL check digits', () => {
    expect(cusipCheckDigit('03783310')).toBe(0); // Apple CUSIP 037833100
    expect(cusipCheckDigit('59491810')).toBe(4); // Microsoft CUSIP 594918104
    expect(sedolCheckDigit('026349')).toBe(4); // BAE Systems SEDOL 0263494
    expect(sedolCheckDigit('B0YBKJ')).toBe(7); // SEDOL B0YBKJ7
  });

  it.each(['US', 'GB', 'DE', 'FR', 'IN', 'CN', 'HK', 'JP', 'SA'])(
    'invents valid %s ISINs of the national shape',
    (country) => {
      const rng = createRandom(`isin-${country}`);
      for (let i = 0; i < 200; i++) {
        const national = inventNationalPart(country, () => rng.next());
        expect(national).toMatch(/^[A-Z0-9]{9}$/);
        const isin = makeIsin(country, national);
        expect(isValidIsin(isin)).toBe(true);
        if (country === 'US')
          expect(cusipCheckDigit(national.slice(0, 8))).toBe(Number(national[8]));
        if (country === 'GB') expect(national.startsWith('00')).toBe(true);
        if (country === 'IN' || country === 'CN') expect(national.startsWith('E')).toBe(true);
      }
    },
  );
});
