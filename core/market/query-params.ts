import * as z from 'zod';

/**
 * Numbers in a query string, as the asset API reads them and the SPA writes them. Plain decimal
 * digits only: '8abc', '1e3' or '1e-7' is refused, so a client must not let String(n) pick the
 * exponent form (toQueryNumber).
 */

/** Integers: digits only, so '8abc' or '1e3' is a 400, not a surprise. */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** Decimals: '-12.5', '0.0000001'. */
export const queryNumber = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
  .transform(Number);

// No grouping, and far more fraction digits than any filter needs: never the exponent form.
// Built on first use: only the SPA writes query numbers, and the first Intl formatter of a process
// costs ~20 ms (ICU's set-up), which every Lambda importing these schemas paid at module init.
let plain: Intl.NumberFormat | undefined;

/** A finite number as queryNumber accepts it: 1e-7 → '0.0000001', 2e11 → '200000000000'. */
export const toQueryNumber = (value: number): string =>
  (plain ??= new Intl.NumberFormat('en-US', {
    useGrouping: false,
    maximumFractionDigits: 20,
  })).format(value);
