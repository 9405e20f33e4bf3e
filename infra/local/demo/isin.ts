/**
 * ISIN (ISO 6166): two-letter country prefix, nine-character national part, one check digit. The
 * check digit is the Luhn digit of the first eleven characters with letters expanded to two digits
 * (A = 10 … Z = 35). US national parts are CUSIPs and UK ones '00' + a SEDOL, each with its own
 * check digit, so the demo computes those too.
 */

import { charValue, isinCheckDigit } from '../../../core/isin';

export { isinCheckDigit, isValidIsin } from '../../../core/isin';

/** The ISIN of a country prefix and a nine-character national part. */
export function makeIsin(country: string, nationalPart: string): string {
  const first11 = `${country}${nationalPart}`;
  return `${first11}${isinCheckDigit(first11)}`;
}

/** CUSIP check digit of the first eight characters (weights 1, 2 alternating; sum of digits). */
export function cusipCheckDigit(first8: string): number {
  if (!/^[A-Z0-9]{8}$/.test(first8)) throw new Error(`Expected 8 alphanumerics, got '${first8}'`);
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let v = charValue(first8.charAt(i));
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/** SEDOL check digit of the first six characters (weights 1, 3, 1, 7, 3, 9). */
export function sedolCheckDigit(first6: string): number {
  if (!/^[0-9B-DF-HJ-NP-TV-Z]{6}$/.test(first6)) {
    throw new Error(`Expected 6 SEDOL characters (no vowels), got '${first6}'`);
  }
  const weights = [1, 3, 1, 7, 3, 9];
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += charValue(first6.charAt(i)) * (weights[i] ?? 0);
  return (10 - (sum % 10)) % 10;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SEDOL_CHARS = '0123456789BCDFGHJKLMNPQRSTVWXYZ';

/** Draws characters from an alphabet with a 0..1 source. */
function draw(next: () => number, alphabet: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += alphabet.charAt(Math.floor(next() * alphabet.length));
  return out;
}

/**
 * An invented national part shaped like the country's real ones: a CUSIP for US, '00' + SEDOL for
 * GB, '000' + WKN for DE, INE… for IN, CNE… for CN, JP3 + code for JP, and so on.
 */
export function inventNationalPart(country: string, next: () => number): string {
  const digitsOf = (count: number) => draw(next, '0123456789', count);
  switch (country) {
    case 'US': {
      const issuer = digitsOf(1) + draw(next, ALNUM, 5);
      return `${issuer}10${cusipCheckDigit(`${issuer}10`)}`;
    }
    case 'GB': {
      const sedol = `B${draw(next, SEDOL_CHARS, 5)}`;
      return `00${sedol}${sedolCheckDigit(sedol)}`;
    }
    case 'DE':
      return `000A${draw(next, ALNUM, 1)}${digitsOf(4)}`;
    case 'IN':
      return `E${digitsOf(3)}${draw(next, 'ABCDEFGHJKLMNPQRSTUVWXYZ', 1)}01${digitsOf(2)}`;
    case 'CN':
      return `E1000${draw(next, ALNUM, 4)}`;
    case 'JP':
      return `3${digitsOf(4)}0000`;
    case 'SA':
      return `1${digitsOf(2)}${draw(next, 'ABCDEFGHJKLMNPQRSTUVWXYZ', 2)}${draw(next, ALNUM, 4)}`;
    default: // FR, HK and anything else: zero-padded serial
      return `0000${digitsOf(5)}`;
  }
}
