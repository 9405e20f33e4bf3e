/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell starting with = + - @, a tab or
 * a carriage return as a formula. Every text cell the product offers back as CSV goes through
 * here, so a company name such as `=HYPERLINK(...)` opens as text. Numbers stay numbers: a
 * negative figure is data, not a formula, and is written by the CSV writer itself.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
