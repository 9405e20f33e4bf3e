import { describe, expect, it } from 'vitest';
import type { DividendEvent, EarningsEvent } from '../../core/market/calendar';
import { demoCalendar } from '../../infra/local/demo/calendar';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { DEFAULT_DEMO_COUNT } from '../../infra/local/seed-stocks';
import { fullDemoUniverse } from '../support/demo-universe';

/**
 * Over EVERY company of the demo universe `npm start` seeds, the calendar agrees with the
 * statements: the dividends paid in each quarter are the cash-flow statement's line,
 * and the earnings dates are the quarters' filing dates with their reported EPS; reports lie before
 * the universe's anchor, expected reports and splits after it. Checked from the
 * statements, not from how the generator builds the events.
 */
describe('demo calendar: agrees with the statements of every company', () => {
  const universe = fullDemoUniverse();
  const calendars = universe.map((c) => ({
    company: c,
    events: demoCalendar({
      symbol: c.profile.symbol,
      currency: c.profile.currency,
      income: c.quarterly.income,
      cash: c.quarterly.cash,
    }),
  }));
  const quarterStart = (end: string) => {
    const [y, m] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
    return `${y}-${String(m - 2).padStart(2, '0')}-01`;
  };

  it('pays, in each reported quarter, the dividends of its cash-flow statement', () => {
    const wrong: string[] = [];
    let payers = 0;
    for (const { company, events } of calendars) {
      const dividends = events.filter((e): e is DividendEvent => e.kind === 'dividend');
      if (company.quarterly.cash.some((s) => s.dividendsPaid < 0)) payers++;
      for (const cash of company.quarterly.cash) {
        const shares = company.quarterly.income.find(
          (s) => s.date === cash.date,
        )!.weightedAverageShsOut;
        const start = quarterStart(cash.date);
        const paid = dividends.filter(
          (d) => d.paymentDate !== null && d.paymentDate >= start && d.paymentDate <= cash.date,
        );
        const total = paid.reduce((sum, d) => sum + d.dividend * shares, 0);
        // Per-share amounts are quoted to 4 decimals: the total is exact to half a ten-thousandth
        // of a currency unit per share.
        const tolerance = 0.00005 * shares * Math.max(1, paid.length) + 1;
        if (Math.abs(total + cash.dividendsPaid) > tolerance) {
          wrong.push(`${company.profile.symbol} ${cash.date}: ${total} vs ${-cash.dividendsPaid}`);
        }
        for (const d of paid) {
          if (!(d.dividend > 0)) wrong.push(`${company.profile.symbol} ${d.date}: ${d.dividend}`);
          if (!(
            d.declarationDate! < d.date &&
            d.date < d.recordDate! &&
            d.recordDate! < d.paymentDate!
          )) {
            wrong.push(`${company.profile.symbol} ${d.date}: dates out of order`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(payers).toBeGreaterThan(DEFAULT_DEMO_COUNT / 3);
  });

  it('reports each quarter on its filing date with its EPS, and only then', () => {
    const wrong: string[] = [];
    for (const { company, events } of calendars) {
      const earnings = events.filter((e): e is EarningsEvent => e.kind === 'earnings');
      const reported = earnings.filter((e) => e.eps !== null);
      const income = company.quarterly.income;
      const symbol = company.profile.symbol;
      if (reported.length !== income.length) wrong.push(`${symbol}: ${reported.length} reports`);
      for (const quarter of income) {
        const report = reported.find((e) => e.fiscalDateEnding === quarter.date);
        if (!report || report.date !== quarter.fillingDate || report.eps !== quarter.eps) {
          wrong.push(`${symbol} ${quarter.date}: ${JSON.stringify(report)}`);
        } else if (
          report.epsEstimated === null ||
          Math.abs(report.surprise! - (report.eps! - report.epsEstimated)) > 1e-9
        ) {
          wrong.push(`${symbol} ${quarter.date}: surprise ${report.surprise}`);
        }
      }
      // Expected reports: only for quarters after the newest filed one, one per quarter, in order.
      const newest = income[0]!;
      const expected = earnings.filter((e) => e.eps === null);
      const ends = expected.map((e) => e.fiscalDateEnding).sort();
      if (new Set(ends).size !== ends.length || ends.some((end) => end <= newest.date)) {
        wrong.push(`${symbol}: expected quarters ${ends.join(',')}`);
      }
      if (expected.some((e) => e.date <= e.fiscalDateEnding || e.date <= newest.fillingDate)) {
        wrong.push(`${symbol}: an expected report before its quarter ended`);
      }
      for (const split of events.filter((e) => e.kind === 'split')) {
        if (split.date <= newest.fillingDate) wrong.push(`${symbol}: split ${split.date}`);
      }
      // Seen from the universe's anchor: reports so far are past, expected ones and splits to come.
      if (reported.some((e) => e.date > FIXED_DEMO_ANCHOR)) wrong.push(`${symbol}: future report`);
      for (const e of [...expected, ...events.filter((e) => e.kind === 'split')]) {
        if (e.date <= FIXED_DEMO_ANCHOR) wrong.push(`${symbol}: ${e.kind} ${e.date} not to come`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('falls on weekdays only', () => {
    const weekend = calendars.flatMap(({ events }) =>
      events.filter((e) => [0, 6].includes(new Date(`${e.date}T00:00:00Z`).getUTCDay())),
    );
    expect(weekend).toEqual([]);
  });
});
