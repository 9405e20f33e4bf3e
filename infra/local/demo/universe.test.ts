import { beforeAll, describe, expect, it } from 'vitest';
import { currentGradeTargets } from '../../../core/market/analyst-consensus';
import { EXCHANGES, findExchange } from '../../../core/market/exchanges';
import { ANCHOR_DATE } from '../../../core/market/simulation-anchor';
import {
  directionAgreesWithUpside,
  gradeDirectionOf,
  ratingAgreesWithUpside,
  upsideOf,
} from '../../../core/market/analyst-direction';
import { filingLagOf, latestFiledPeriods } from '../../../core/market/filing-lag';
import { RESEARCH_FIRMS, consensusOf } from './analyst';
import { closesOf } from './close-on';
import { CASH_FLOW_FIELDS, INCOME_FLOW_FIELDS, checkIdentities } from './identities';
import { EARNINGS_PRICED_MARGIN, PRICE_RANGES } from './instrument';
import { isValidIsin } from './isin';
import { DENYLISTED_NAMES, DENYLISTED_TICKERS, isDenylistedName, lettersOf } from './names';
import { demoUniverseSummary } from './summary';
import { SECTORS, SECTOR_NAMES } from './taxonomy';
import { periodEnd } from './statements';
import {
  FIXED_DEMO_ANCHOR,
  QUARTERLY_PERIODS,
  generateUniverse,
  type DemoCompany,
} from './universe';

const SYMBOL_FORMATS: Readonly<Record<string, RegExp>> = {
  NASDAQ: /^[A-Z]{1,5}$/,
  NYSE: /^[A-Z]{1,5}$/,
  LSE: /^[A-Z]{2,4}\.L$/,
  XETRA: /^[A-Z]{2,4}\.DE$/,
  EURONEXT: /^[A-Z]{2,4}\.PA$/,
  NSE: /^[A-Z]{3,10}\.NS$/,
  SHH: /^6\d{5}\.SS$/,
  HKSE: /^\d{4}\.HK$/,
  JPX: /^\d{4}\.T$/,
  SAU: /^\d{4}\.SR$/,
};

let universe: DemoCompany[];

const first = <T>(items: readonly T[]): T => {
  const item = items[0];
  if (item === undefined) throw new Error('empty');
  return item;
};

beforeAll(() => {
  universe = generateUniverse({ anchor: FIXED_DEMO_ANCHOR });
});

describe('the demo universe', () => {
  // Its generation time is a figure of `npm run bench` (demo universe generation), not a check here.
  it('has 2,400 companies by default', () => {
    expect(universe.length).toBe(2400);
  });

  it('is deterministic: the same seed gives the same companies, another seed others', () => {
    const again = generateUniverse({ anchor: FIXED_DEMO_ANCHOR });
    expect(again[0]).toEqual(universe[0]);
    expect(again[1234]).toEqual(universe[1234]);
    expect(again[again.length - 1]).toEqual(universe[universe.length - 1]);
    expect(again.map((c) => c.profile.isin)).toEqual(universe.map((c) => c.profile.isin));
    const other = generateUniverse({ seed: 'another-seed', count: 50, anchor: FIXED_DEMO_ANCHOR });
    expect(other[0]).not.toEqual(universe[0]);
    expect(other.map((c) => c.profile.symbol)).not.toEqual(
      universe.slice(0, 50).map((c) => c.profile.symbol),
    );
  });

  it('grows by appending: a smaller count is a prefix of a larger one', () => {
    expect(generateUniverse({ count: 40, anchor: FIXED_DEMO_ANCHOR })).toEqual(
      universe.slice(0, 40),
    );
  });

  it('has unique symbols, ISINs and company names', () => {
    const unique = (values: string[]) => new Set(values).size;
    expect(unique(universe.map((c) => c.profile.symbol))).toBe(universe.length);
    expect(unique(universe.map((c) => c.profile.isin))).toBe(universe.length);
    expect(unique(universe.map((c) => c.profile.companyName))).toBe(universe.length);
  });

  it('gives every company a valid ISIN with its country prefix', () => {
    const invalid = universe.filter(
      (c) => !isValidIsin(c.profile.isin) || !c.profile.isin.startsWith(c.profile.country),
    );
    expect(invalid.map((c) => c.profile.isin)).toEqual([]);
  });

  it('satisfies every accounting identity of every company', () => {
    const violations = universe.flatMap((c) =>
      checkIdentities(c).map((v) => `${c.profile.symbol} ${v}`),
    );
    expect(violations.slice(0, 20)).toEqual([]);
  });

  it('has quarters that sum to their fiscal year and a Q4 balance sheet equal to the annual one', () => {
    const mismatches: string[] = [];
    for (const c of universe) {
      // The full years of the twelve quarters up to Q3 2026.
      for (const year of ['2024', '2025']) {
        const yearIncome = c.annual.income.find((s) => s.calendarYear === year);
        const yearCash = c.annual.cash.find((s) => s.calendarYear === year);
        const yearBalance = c.annual.balance.find((s) => s.calendarYear === year);
        const quarters = c.quarterly.income.filter((s) => s.calendarYear === year);
        const quarterCash = c.quarterly.cash.filter((s) => s.calendarYear === year);
        const q4 = c.quarterly.balance.find((s) => s.calendarYear === year && s.period === 'Q4');
        if (quarters.map((q) => q.period).join() !== 'Q4,Q3,Q2,Q1') {
          mismatches.push(`${c.profile.symbol} ${year}: quarters`);
        }
        for (const field of INCOME_FLOW_FIELDS) {
          if (quarters.reduce((sum, q) => sum + q[field], 0) !== yearIncome?.[field]) {
            mismatches.push(`${c.profile.symbol} ${year}: ${field}`);
          }
        }
        for (const field of CASH_FLOW_FIELDS) {
          if (quarterCash.reduce((sum, q) => sum + q[field], 0) !== yearCash?.[field]) {
            mismatches.push(`${c.profile.symbol} ${year}: ${field}`);
          }
        }
        if (JSON.stringify({ ...q4, period: 'FY' }) !== JSON.stringify(yearBalance)) {
          mismatches.push(`${c.profile.symbol} ${year}: Q4 balance sheet`);
        }
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

  it('balances on accumulatedOtherComprehensiveIncomeLoss, which moves only by the forex effect', () => {
    for (const c of universe) {
      for (const series of [c.annual, c.quarterly]) {
        for (let i = 0; i + 1 < series.balance.length; i++) {
          const now = series.balance[i];
          const before = series.balance[i + 1];
          const forex = series.cash[i]?.effectOfForexChangesOnCash;
          expect(
            (now?.accumulatedOtherComprehensiveIncomeLoss ?? NaN) -
              (before?.accumulatedOtherComprehensiveIncomeLoss ?? NaN),
          ).toBe(forex);
        }
      }
    }
  });

  it('covers ten fiscal years and twelve quarters, newest first, filed within the lag', () => {
    const lateFilings: string[] = [];
    for (const c of universe) {
      expect(c.annual.income.map((s) => s.date)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${2025 - i}-12-31`),
      );
      expect(c.annual.income.every((s) => s.period === 'FY')).toBe(true);
      expect(c.quarterly.income.map((s) => `${s.calendarYear} ${s.period}`)).toEqual(
        [2026, 2025, 2024, 2023]
          .flatMap((y) => ['Q4', 'Q3', 'Q2', 'Q1'].map((q) => `${y} ${q}`))
          .slice(1, 13),
      );
      for (const s of [...c.annual.balance, ...c.quarterly.cash]) {
        const days = (Date.parse(s.fillingDate) - Date.parse(s.date)) / 86_400_000;
        const lag = filingLagOf(s.period === 'FY' ? 0 : Number(s.period.slice(1)));
        if (
          days < 30 ||
          days > lag ||
          !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s.acceptedDate)
        ) {
          lateFilings.push(`${s.symbol} ${s.date} ${s.period}: ${s.fillingDate} ${s.acceptedDate}`);
        }
      }
    }
    expect(lateFilings).toEqual([]);
  });

  it('uses no famous real names or tickers and only .example websites', () => {
    for (const c of universe) {
      const { companyName, symbol, website, exchangeShortName } = c.profile;
      expect(isDenylistedName(companyName), companyName).toBe(false);
      const words = companyName.split(/[\s,.]+/).map(lettersOf);
      expect(words.some((w) => DENYLISTED_NAMES.has(w))).toBe(false);
      const suffix = findExchange(exchangeShortName)?.symbolSuffix ?? '';
      expect(DENYLISTED_TICKERS.has(symbol.slice(0, symbol.length - suffix.length))).toBe(false);
      expect(website).toMatch(/^https:\/\/www\.[a-z]+\.example$/);
    }
  });

  it('represents every exchange, about 40 % of it in the US, with tickers in its format', () => {
    const summary = demoUniverseSummary(universe);
    for (const exchange of EXCHANGES) {
      expect(summary.byExchange[exchange.shortName] ?? 0).toBeGreaterThan(50);
    }
    const us = (summary.byExchange.NASDAQ ?? 0) + (summary.byExchange.NYSE ?? 0);
    expect(us / universe.length).toBeGreaterThan(0.35);
    expect(us / universe.length).toBeLessThan(0.45);
    for (const c of universe) {
      const format = SYMBOL_FORMATS[c.profile.exchangeShortName];
      expect(c.profile.symbol, c.profile.exchangeShortName).toMatch(format ?? /^$/);
    }
  });

  it('fills the profile from the exchange and a GICS-like taxonomy', () => {
    expect(SECTOR_NAMES).toHaveLength(11);
    for (const sector of SECTORS) {
      expect(sector.industries.length).toBeGreaterThanOrEqual(3);
      expect(sector.industries.length).toBeLessThanOrEqual(6);
    }
    for (const c of universe) {
      const p = c.profile;
      const exchange = findExchange(p.exchangeShortName);
      expect(exchange).toBeDefined();
      expect([p.exchange, p.currency, p.country]).toEqual([
        exchange?.name,
        exchange?.currency,
        exchange?.country,
      ]);
      const sector = SECTORS.find((s) => s.name === p.sector);
      expect(sector?.industries.some((i) => i.name === p.industry)).toBe(true);
      const sentences = p.description.split(/(?<=\.) (?=[A-Z])/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(6); // company names may contain '. '
      expect(p.description).toContain(p.city);
      expect(p.ceo).toMatch(/^(Mr|Ms)\. /);
      expect(p.ipoDate >= '1985-01-01' && p.ipoDate <= '2022-12-31').toBe(true);
      const weekday = new Date(`${p.ipoDate}T00:00:00Z`).getUTCDay();
      expect(weekday >= 1 && weekday <= 5 && exchange?.tradingDays.includes(weekday)).toBe(true);
      expect(p.fullTimeEmployees).toBeGreaterThan(0);
      expect(p.sharesOutstanding).toBeGreaterThanOrEqual(p.floatShares ?? Number.POSITIVE_INFINITY);
      expect(p.floatShares).toBeGreaterThan(0);
      expect(p.lastDiv).toBeGreaterThanOrEqual(0);
      expect(p.beta).toBeGreaterThan(0);
      expect(p.isEtf).toBe(false);
      expect(p.isActivelyTrading).toBe(true);
      expect(p.phone).toMatch(/^\+\d/);
      expect(p.address.length).toBeGreaterThan(5);
      expect('price' in p || 'mktCap' in p || 'volAvg' in p).toBe(false);
    }
    expect(universe.filter((c) => c.profile.lastDiv === 0).length).toBeGreaterThan(200);
  });

  it('includes loss makers, rare negative equity, high debt and prohibited activities', () => {
    const summary = demoUniverseSummary(universe);
    expect(summary.lossMakers).toBeGreaterThan(100);
    expect(summary.negativeEquity).toBeGreaterThan(5);
    expect(summary.negativeEquity / universe.length).toBeLessThan(0.05);
    for (const activity of ['conventional-finance', 'alcohol', 'tobacco', 'gambling']) {
      expect(summary.byBusinessActivity[activity] ?? 0, activity).toBeGreaterThanOrEqual(3);
    }
    const highDebt = universe.filter((c) => {
      const debt = first(c.annual.balance).totalDebt;
      return debt > 0.33 * c.instrument.anchorPrice * c.profile.sharesOutstanding;
    });
    expect(highDebt.length).toBeGreaterThan(100);
    const banks = universe.filter((c) => c.profile.industry.startsWith('Banks'));
    expect(banks.every((c) => c.profile.sector === 'Financial Services')).toBe(true);
    expect(
      banks.filter((c) => c.shariah.businessActivity === 'conventional-finance').length,
    ).toBeGreaterThan(banks.length * 0.8);
  });

  it('gives Shariah inputs: mostly 0–3 % non-permissible revenue, some above 5 %', () => {
    const permissible = universe.filter((c) => c.shariah.businessActivity === 'permissible');
    const low = permissible.filter((c) => c.shariah.nonPermissibleRevenueShare <= 0.03);
    expect(low.length / permissible.length).toBeGreaterThan(0.75);
    expect(permissible.some((c) => c.shariah.nonPermissibleRevenueShare > 0.05)).toBe(true);
    for (const c of universe) {
      // The screen reads the latest quarter's balance sheet (TTM inputs).
      const latest = first(c.quarterly.balance);
      expect(c.shariah.symbol).toBe(c.profile.symbol);
      expect(c.shariah.asOf).toBe(latest.date);
      expect(c.shariah.interestBearingSecurities).toBeGreaterThanOrEqual(0);
      expect(c.shariah.interestBearingSecurities).toBeLessThanOrEqual(latest.shortTermInvestments);
      expect(c.shariah.nonPermissibleRevenueShare).toBeGreaterThanOrEqual(0);
      expect(c.shariah.nonPermissibleRevenueShare).toBeLessThanOrEqual(1);
    }
  });

  it('prices every instrument in its market range at a plausible P/E on the anchor day', () => {
    const anchorYear = String(Number(ANCHOR_DATE.slice(0, 4)) - 1);
    for (const c of universe) {
      const { instrument: m, profile: p } = c;
      expect(m.symbol).toBe(p.symbol);
      expect(m.exchangeShortName).toBe(p.exchangeShortName);
      expect(m.ipoDate).toBe(p.ipoDate);
      const range = PRICE_RANGES[p.currency];
      expect(m.anchorPrice, p.currency).toBeGreaterThanOrEqual(range?.outer[0] ?? Infinity);
      expect(m.anchorPrice, p.currency).toBeLessThanOrEqual(range?.outer[1] ?? -Infinity);
      expect(m.annualVolatility).toBeGreaterThanOrEqual(0.15);
      expect(m.annualVolatility).toBeLessThanOrEqual(0.7);
      expect(m.annualDrift).toBeGreaterThanOrEqual(-0.05);
      expect(m.annualDrift).toBeLessThanOrEqual(0.15);
      expect(m.averageDailyVolume).toBeGreaterThan(0);
      expect(m.averageDailyVolume).toBeLessThan(p.sharesOutstanding / 10);
      const fy = c.annual.income.find((s) => s.calendarYear === anchorYear);
      if (fy && fy.netIncome > 0 && fy.netIncome / fy.revenue >= EARNINGS_PRICED_MARGIN) {
        const pe = m.anchorPrice / (fy.netIncome / fy.weightedAverageShsOut);
        expect(pe, p.symbol).toBeGreaterThanOrEqual(8);
        expect(pe, p.symbol).toBeLessThanOrEqual(40);
      }
    }
  });

  it('has analyst data consistent with its counts and the close on its consensus day', () => {
    for (const c of universe) {
      const { ratings, consensus, priceTarget, grades } = c.analyst;
      const analysts = Object.values(ratings).reduce((a, b) => a + b, 0);
      expect(analysts).toBeGreaterThanOrEqual(0);
      expect(analysts).toBeLessThanOrEqual(40);
      expect(consensus).toBe(consensusOf(ratings));
      expect(priceTarget.currency).toBe(c.profile.currency);
      expect(priceTarget.high).toBeGreaterThanOrEqual(priceTarget.median);
      expect(priceTarget.median).toBeGreaterThanOrEqual(priceTarget.low);
      const price = c.analyst.priceAsOf ?? 0;
      const tick = c.profile.currency === 'JPY' ? 1 : 0.01;
      expect(price).toBeGreaterThan(0);
      expect(c.analyst.asOf).toBeDefined();
      // Within the drawn band around the close, or at a current grade's target (set against an
      // earlier close), which the range spans by core's rule.
      const current = currentGradeTargets(grades).map((g) => g.priceTarget!);
      expect(priceTarget.low).toBeGreaterThanOrEqual(Math.min(price * 0.6 - tick, ...current));
      expect(priceTarget.high).toBeLessThanOrEqual(Math.max(price * 1.6 + tick, ...current));
      // The mean target points the consensus's way against that close: the page must agree with
      // itself.
      const upside = upsideOf(priceTarget.consensus, price);
      expect(upside === null ? false : ratingAgreesWithUpside(consensus, upside)).toBe(true);
      expect(grades.length).toBeGreaterThanOrEqual(5);
      expect(grades.length).toBeLessThanOrEqual(15);
      const dates = grades.map((g) => g.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const g of grades) {
        expect(RESEARCH_FIRMS).toContain(g.gradingCompany);
        expect(g.action === 'initiate').toBe(g.previousGrade === '');
      }
    }
    const small = universe.filter((c) => c.profile.fullTimeEmployees < 200);
    const avg = (cs: DemoCompany[]) =>
      cs.reduce((s, c) => s + Object.values(c.analyst.ratings).reduce((a, b) => a + b, 0), 0) /
      Math.max(1, cs.length);
    expect(avg(small)).toBeLessThan(avg(universe));
  });

  it('summarises counts per exchange and sector that add up', () => {
    const summary = demoUniverseSummary(universe);
    const total = (counts: Readonly<Record<string, number>>) =>
      Object.values(counts).reduce((a, b) => a + b, 0);
    expect(summary.companies).toBe(universe.length);
    expect(total(summary.byExchange)).toBe(universe.length);
    expect(total(summary.bySector)).toBe(universe.length);
    expect(Object.keys(summary.bySector).sort()).toEqual([...SECTOR_NAMES].sort());
  });
});

describe('generateUniverse anchor', () => {
  it('runs the statements to the periods filed by the anchor: FY 2025 and Q3 2026 on 2026-11-26', () => {
    const [c] = generateUniverse({ seed: 'anchor', count: 1, anchor: FIXED_DEMO_ANCHOR });
    expect(FIXED_DEMO_ANCHOR).toBe('2026-11-26');
    expect(first(c!.annual.income).date).toBe('2025-12-31');
    expect(c!.annual.income[9]?.date).toBe('2016-12-31');
    expect(first(c!.quarterly.income).date).toBe('2026-09-30');
    expect(c!.quarterly.income[11]?.date).toBe('2023-12-31');
  });

  it('moves everything with the anchor, and dates nothing after it', () => {
    for (const anchor of ['2026-02-01', '2026-04-20', FIXED_DEMO_ANCHOR]) {
      const { fiscalYear, quarter } = latestFiledPeriods(anchor);
      for (const c of generateUniverse({ seed: `anchor-${anchor}`, count: 25, anchor })) {
        const symbol = `${anchor} ${c.profile.symbol}`;
        expect(checkIdentities(c), symbol).toEqual([]);
        expect(first(c.annual.income).date).toBe(`${fiscalYear}-12-31`);
        expect(first(c.quarterly.income).date).toBe(periodEnd(quarter.year, quarter.quarter));
        expect(c.quarterly.income).toHaveLength(QUARTERLY_PERIODS);
        const filed = [...Object.values(c.annual), ...Object.values(c.quarterly)].flatMap(
          (list: readonly { fillingDate: string }[]) => list.map((s) => s.fillingDate),
        );
        expect(
          filed.filter((date) => date > anchor),
          symbol,
        ).toEqual([]);
        expect(c.analyst.asOf! < anchor, symbol).toBe(true);
        expect(
          c.analyst.grades.every((g) => g.date <= c.analyst.asOf!),
          symbol,
        ).toBe(true);
        expect(c.shariah.asOf).toBe(first(c.quarterly.balance).date);
      }
    }
  });

  it("sets each grade's target against the close on its day, pointing its grade's way", () => {
    for (const c of universe.slice(0, 300)) {
      const closeOn = closesOf(c.instrument, findExchange(c.instrument.exchangeShortName)!);
      for (const g of c.analyst.grades) {
        const day = closeOn(g.date);
        expect(day.date).toBe(g.date);
        expect(g.priceWhenPosted).toBe(day.close);
        const upside = upsideOf(g.priceTarget ?? NaN, day.close);
        const direction = gradeDirectionOf(g.newGrade);
        expect(direction, g.newGrade).not.toBeNull();
        expect(upside !== null && directionAgreesWithUpside(direction!, upside)).toBe(true);
      }
    }
  });
});

describe('banks and insurers in the demo universe', () => {
  it('have no cost of revenue, as FMP reports them', () => {
    const financials = universe.filter((c) => /^(Banks|Insurance)\b/.test(c.profile.industry));
    expect(financials.length).toBeGreaterThan(0);
    for (const company of financials) {
      for (const statement of [...company.annual.income, ...company.quarterly.income]) {
        expect(statement.costOfRevenue).toBe(0);
      }
    }
  });
});
