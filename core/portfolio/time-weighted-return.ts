import type { ValuePoint } from './value-series';

/**
 * Time-weighted return: each day's growth with that day's flows taken out, chained. Money put in
 * works from the start of its day and money taken out leaves at its close, so a day grows by
 * (valueᵢ + outflowᵢ) / (valueᵢ₋₁ + inflowᵢ): a first buy counts from its price to the close, a
 * sale of everything from the eve's close to its proceeds. Days with nothing held and nothing put
 * in have no return and are skipped, so money put in late weighs no more than money put in early:
 * the return is the holdings' performance, not the investor's timing (that is the money-weighted
 * return's).
 *
 * The first point is the base: its own flows are before the period. null when no day had money
 * at work.
 */
export function timeWeightedReturn(points: readonly ValuePoint[]): number | null {
  let growth = 1;
  let measured = false;
  for (let i = 1; i < points.length; i++) {
    const { value, inflow, outflow } = points[i]!;
    const atWork = points[i - 1]!.value + inflow;
    if (!(atWork > 0)) continue;
    growth *= (value + outflow) / atWork;
    measured = true;
  }
  return measured ? growth - 1 : null;
}
