import { dayNumberOf } from '../day-numbers';

/**
 * Money-weighted return (XIRR): the annual rate r at which the cash flows' net present value is
 * zero, Σ amountᵢ · (1 + r)^(−daysᵢ / 365) = 0, days counted from the first flow.
 *
 * Solver: Newton's method from 10 % (quadratic convergence near the root, a handful of steps for
 * ordinary portfolios). It stops when |NPV| falls to XIRR_TOLERANCE of the flows' total size. When
 * Newton leaves the domain (r ≤ −1), meets a flat or broken derivative or has not converged in 50
 * steps, a bisection takes over on ln(1 + r) (below): it always ends, and finds a root whenever
 * the NPV changes sign between a near-total loss and an astronomic gain. Flows all of one sign have
 * no rate (null); with several sign changes there can be several roots and the one found is
 * Newton's from 10 %, else the bisection's.
 */

export interface CashFlow {
  readonly date: string;
  /** From the investor's side: negative when paid in, positive when received (the end value too). */
  readonly amount: number;
}

/** |NPV| at the rate found is at most this share of Σ|amountᵢ|. */
export const XIRR_TOLERANCE = 1e-9;
const NEWTON_STEPS = 50;
const BISECTION_STEPS = 200;
/** ln(1 + r) bounds of the bisection: r from −1 + 1e-13 to about 1e304 a year. */
const LOWEST_GROWTH = -30;
const HIGHEST_GROWTH = 700;

interface Timed {
  readonly years: number;
  readonly amount: number;
}

function timed(flows: readonly CashFlow[]): Timed[] {
  const days = flows.map((f) => dayNumberOf(f.date));
  const first = days.reduce((a, b) => Math.min(a, b), Infinity);
  return flows.map((f, i) => ({ years: (days[i]! - first) / 365, amount: f.amount }));
}

function npvOf(flows: readonly Timed[], rate: number): { npv: number; slope: number } {
  let npv = 0;
  let slope = 0;
  for (const { years, amount } of flows) {
    const discounted = amount * Math.pow(1 + rate, -years);
    npv += discounted;
    slope += (-years * discounted) / (1 + rate);
  }
  return { npv, slope };
}

/** NPV of the flows at `rate` (days counted from the earliest flow). */
export const netPresentValue = (flows: readonly CashFlow[], rate: number): number =>
  npvOf(timed(flows), rate).npv;

/** The annual money-weighted rate of the flows, or null when there is none. */
export function xirr(flows: readonly CashFlow[]): number | null {
  const live = timed(flows.filter((f) => f.amount !== 0 && Number.isFinite(f.amount)));
  if (!live.some((f) => f.amount > 0) || !live.some((f) => f.amount < 0)) return null;
  const tolerance = XIRR_TOLERANCE * live.reduce((sum, f) => sum + Math.abs(f.amount), 0);

  let rate = 0.1;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const { npv, slope } = npvOf(live, rate);
    if (!Number.isFinite(npv)) break;
    if (Math.abs(npv) <= tolerance) return rate;
    const nextRate = rate - npv / slope;
    // A flat or broken slope, or a step out of the domain: leave it to the bisection.
    if (!Number.isFinite(nextRate) || nextRate <= -1) break;
    rate = nextRate;
  }

  return bisect(live);
}

/**
 * Bisection on g = ln(1 + r) in [LOWEST_GROWTH, HIGHEST_GROWTH], on the sign of the NPV scaled by
 * its largest term (finite however extreme the rate, so the bracket holds every rate a double can
 * write, from a near-total loss to e^700 a year). Each step halves the bracket; it ends when the halves cannot be told
 * apart in floating point, at most BISECTION_STEPS.
 */
function bisect(flows: readonly Timed[]): number | null {
  const sign = (g: number) => {
    const exponents = flows.map((f) => -g * f.years);
    const top = exponents.reduce((a, b) => Math.max(a, b), -Infinity);
    return Math.sign(
      flows.reduce((sum, f, i) => sum + f.amount * Math.exp(exponents[i]! - top), 0),
    );
  };
  let low = LOWEST_GROWTH;
  let high = HIGHEST_GROWTH;
  const lowSign = sign(low);
  if (lowSign === 0) return Math.expm1(low);
  if (sign(high) === lowSign) return null;
  for (let step = 0; step < BISECTION_STEPS; step++) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    const middleSign = sign(middle);
    if (middleSign === 0) return Math.expm1(middle);
    if (middleSign === lowSign) low = middle;
    else high = middle;
  }
  return Math.expm1((low + high) / 2);
}
