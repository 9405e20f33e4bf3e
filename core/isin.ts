/**
 * ISIN (ISO 6166): two-letter country prefix, nine-character national part, one check digit. The
 * check digit is the Luhn digit of the first eleven characters with letters expanded to two digits
 * (A = 10 … Z = 35). Shared by the curation API's input schemas and the demo universe generator.
 */
import * as z from 'zod';

const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** Base-36 value of one character: '0'…'9' → 0…9, 'A'…'Z' → 10…35. */
export function charValue(char: string): number {
  const value = Number.parseInt(char, 36);
  if (Number.isNaN(value)) throw new Error(`Not an ISIN character: '${char}'`);
  return value;
}

/** The check digit of an ISIN's first eleven characters (country prefix + national part). */
export function isinCheckDigit(first11: string): number {
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(first11)) {
    throw new Error(`Expected a 2-letter prefix and 9 alphanumerics, got '${first11}'`);
  }
  const digits = [...first11].map((c) => String(charValue(c))).join('');
  // Luhn: from the rightmost digit (the check digit will be appended after it), double every
  // second digit starting with that rightmost one; sum the digits of the results.
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a string is a well-formed ISIN whose check digit is right. */
export function isValidIsin(isin: string): boolean {
  if (!ISIN_PATTERN.test(isin)) return false;
  return isinCheckDigit(isin.slice(0, 11)) === Number(isin.slice(11));
}

/** The one ISIN rule of every input (curation calls, sheets, editors' stock lists). */
export const ISIN_MESSAGE =
  'must be an ISIN: 12 characters with a valid check digit (e.g. US0378331005)';

/** An ISIN argument: upper-case, well-formed, with the right check digit. */
export const isinSchema = z.string().refine(isValidIsin, { message: ISIN_MESSAGE });
