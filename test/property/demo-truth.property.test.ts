import { describe, expect, it } from 'vitest';
import {
  directionAgreesWithUpside,
  gradeDirectionOf,
  ratingAgreesWithUpside,
  upsideOf,
} from '../../core/market/analyst-direction';
import { currentGradeTargets, withConsistentTargets } from '../../core/market/analyst-consensus';
import { dayNumberOf } from '../../core/day-numbers';
import { SHARIAH_RULES, screenShariah } from '../../core/market/shariah';
import { shariahStatements } from '../../core/market/shariah-statements';
import { FILING_LAG_DAYS, filingDeadlineOf, isFiledBy } from '../../core/market/filing-lag';
import { companyTypeOf, undefinedRatiosOf } from '../../core/market/company-type';
import { findExchange } from '../../core/market/exchanges';
import { closeOnOrBefore, closesOf } from '../../infra/local/demo/close-on';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { toCompanyData } from '../../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { AssetService } from '../../lambdas/asset/service';
import { fullDemoUniverse } from '../support/demo-universe';

/**
 * Over EVERY company of the demo universe `npm start` seeds, what a careful investor checks: the
 * statements run to the periods filed by the universe's anchor day and no later, the analyst
 * consensus and every grade point the way of their targets against the simulated close on their
 * own day (dated before the anchor), and no ratio shows a value built on a line the company's
 * type does not have (a bank's gross margin). Figures one page shows in two places agree: the
 * newest grade's target lies within the consensus Low–High beside it (as stored and as served),
 * the Shariah standards that read the same balance-sheet item read the same figure (AAOIFI's
 * interest-bearing deposits are MSCI's cash and interest-bearing securities), a ratio without a
 * value names what it lacks, and no cash-flow statement repays debt the company did not hold.
 * The day's change, checked over every company too, is in day-change.property.test.ts.
 */
describe('demo universe: analyst targets and ratios tell the truth', () => {
  const universe = fullDemoUniverse();
  const now = new Date(`${FIXED_DEMO_ANCHOR}T16:00:00Z`);
  const service = new AssetService(
    new InMemoryStocksRepository(universe.map(toCompanyData)),
    simulatedMarketData(),
  );

  const anchor = FIXED_DEMO_ANCHOR;
  const days = (from: string, to: string) => dayNumberOf(to) - dayNumberOf(from);
  const quarterAfter = (date: string) => {
    const [year, quarter] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)) / 3];
    return quarter === 4 ? { year: year + 1, quarter: 1 } : { year, quarter: quarter + 1 };
  };

  it('has statements up to the periods filed by the anchor, none filed after it', () => {
    const wrong: string[] = [];
    for (const company of universe) {
      const symbol = company.profile.symbol;
      const [quarter] = company.quarterly.income;
      const [year] = company.annual.income;
      if (!quarter || !year) {
        wrong.push(`${symbol}: no statements`);
        continue;
      }
      // Within one quarter plus the filing lag of the anchor: the next quarter is not due yet.
      const next = quarterAfter(quarter.date);
      if (
        days(quarter.date, anchor) > 92 + FILING_LAG_DAYS.annual ||
        isFiledBy(next.year, next.quarter, anchor)
      ) {
        wrong.push(`${symbol}: latest quarter ${quarter.date} on ${anchor}`);
      }
      const fiscalYear = Number(year.date.slice(0, 4));
      if (
        days(year.date, anchor) > 366 + FILING_LAG_DAYS.annual ||
        filingDeadlineOf(fiscalYear + 1, 0) <= anchor
      ) {
        wrong.push(`${symbol}: latest fiscal year ${year.date} on ${anchor}`);
      }
      const statements = [...Object.values(company.annual), ...Object.values(company.quarterly)];
      for (const list of statements as readonly (readonly {
        date: string;
        fillingDate: string;
      }[])[]) {
        for (const s of list) {
          if (s.fillingDate > anchor) wrong.push(`${symbol} ${s.date}: filed ${s.fillingDate}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("has every grade's target agree with its grade against the close on its day", () => {
    const wrong: string[] = [];
    for (const company of universe) {
      const exchange = findExchange(company.instrument.exchangeShortName)!;
      const closeOn = closesOf(company.instrument, exchange);
      const { asOf, grades } = company.analyst;
      if (!asOf || asOf >= anchor) wrong.push(`${company.profile.symbol}: consensus of ${asOf}`);
      for (const grade of grades) {
        const where = `${company.profile.symbol} ${grade.date} ${grade.newGrade}`;
        const direction = gradeDirectionOf(grade.newGrade);
        // Independently of the stored priceWhenPosted: the market's close on the grade's day.
        const { close, date } = closeOn(grade.date);
        const upside = upsideOf(grade.priceTarget ?? NaN, close);
        if (grade.date > (asOf ?? anchor) || date !== grade.date) wrong.push(`${where}: date`);
        else if (!direction || upside === null || !directionAgreesWithUpside(direction, upside)) {
          wrong.push(`${where}: target ${grade.priceTarget} vs ${close}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a consensus that agrees with the mean target against the close on its day', () => {
    const wrong: string[] = [];
    for (const company of universe) {
      const { consensus, asOf, priceTarget } = company.analyst;
      const exchange = findExchange(company.instrument.exchangeShortName);
      if (!asOf || !exchange) {
        wrong.push(`${company.profile.symbol}: no consensus date or exchange`);
        continue;
      }
      // The market's own close on that day, read independently of the stored priceAsOf.
      const { close } = closeOnOrBefore(company.instrument, exchange, asOf);
      const upside = upsideOf(priceTarget.consensus, close);
      if (asOf >= anchor) wrong.push(`${company.profile.symbol}: consensus of ${asOf}`);
      if (upside === null || !ratingAgreesWithUpside(consensus, upside)) {
        wrong.push(
          `${company.profile.symbol}: ${consensus}, mean ${priceTarget.consensus} vs ${close}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has the newest grade’s target, and every current one, within the consensus range', () => {
    const outside: string[] = [];
    for (const { profile, analyst } of universe) {
      // As stored (the seed, the console) and as served (the asset API applies core's rule).
      for (const [where, data] of [
        ['stored', analyst],
        ['served', withConsistentTargets(analyst)],
      ] as const) {
        const { low, high } = data.priceTarget;
        const newest = data.grades.find((g) => g.priceTarget !== undefined);
        for (const grade of new Set([
          ...(newest ? [newest] : []),
          ...currentGradeTargets(data.grades),
        ])) {
          if (grade.priceTarget! < low || grade.priceTarget! > high) {
            outside.push(
              `${profile.symbol} ${where}: ${grade.date} ${grade.gradingCompany} ${grade.priceTarget} outside ${low}–${high}`,
            );
          }
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it('reads one figure per balance-sheet item across the Shariah standards, and names what is missing', () => {
    const wrong: string[] = [];
    for (const company of universe) {
      const symbol = company.profile.symbol;
      const toPeriods = <K extends 'income' | 'balance'>(kind: K) => ({
        annual: company.annual[kind],
        quarter: company.quarterly[kind],
      });
      const { balance, income } = shariahStatements(toPeriods('income'), toPeriods('balance'));
      const screen = screenShariah({
        balance,
        income,
        marketCap: 1e12,
        averageMarketCap24m: 1e12,
        averageMarketCap36m: 1e12,
        inputs: company.shariah,
      });
      const byItem = new Map<string, Set<number | null>>();
      for (const result of screen.results) {
        result.ratios.forEach((ratio, i) => {
          const item = SHARIAH_RULES[result.standard][i]!.numerator;
          byItem.set(item, (byItem.get(item) ?? new Set()).add(ratio.numerator));
          if (ratio.value === null && ratio.missing.length === 0) {
            wrong.push(`${symbol} ${result.standard} ${ratio.name}: no value, nothing named`);
          }
        });
      }
      for (const [item, figures] of byItem) {
        if (figures.size !== 1) wrong.push(`${symbol} ${item}: ${[...figures].join(' vs ')}`);
      }
      // The deposits AAOIFI and Al Rajhi screen are the cash and securities the others screen:
      // those of the latest sheet, or the reviewer's.
      const cashAndSecurities =
        (company.shariah.cashAndEquivalents ?? balance!.cashAndCashEquivalents) +
        company.shariah.interestBearingSecurities;
      for (const result of screen.results) {
        for (const ratio of result.ratios) {
          if (
            (ratio.name === 'interest-bearing-deposits' ||
              ratio.name === 'cash-and-interest-bearing-securities') &&
            ratio.numerator !== cashAndSecurities
          ) {
            wrong.push(
              `${symbol} ${result.standard} ${ratio.name}: ${ratio.numerator}, not ${cashAndSecurities}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('repays no debt the company did not hold', () => {
    const wrong: string[] = [];
    for (const { profile, quarterly } of universe) {
      // Newest first: the sheet after each quarter's flows is the one before it in time.
      quarterly.cash.forEach((flows, i) => {
        const held = quarterly.balance[i + 1]?.totalDebt;
        if (held !== undefined && -flows.debtRepayment > held) {
          wrong.push(`${profile.symbol} ${flows.date}: repaid ${-flows.debtRepayment} of ${held}`);
        }
      });
    }
    expect(wrong).toEqual([]);
  });

  it('serves no ratio on a line the company type does not have', async () => {
    const shown: string[] = [];
    const financials = universe.filter((c) => companyTypeOf(c.profile) !== 'general');
    expect(financials.length).toBeGreaterThan(0);
    for (const company of financials) {
      const ratios = await service.ratiosTtm(company.profile.symbol, now);
      for (const field of undefinedRatiosOf(companyTypeOf(company.profile))) {
        if (ratios[field] !== null)
          shown.push(`${company.profile.symbol} ${field}: ${ratios[field]}`);
      }
    }
    expect(shown).toEqual([]);
  });
});
