import type * as z from 'zod';
import type {
  AnalystData,
  CompanyProfile,
  StatementByKind,
  StatementKind,
  StatementPeriod,
} from '../../../core/market/types';
import type { PlanRefusal, SourcedCompany } from '../../ingest/ingest';
import type { StatementCollection } from '../../ports/stocks-repository';
import { readAverageCloses } from '../../shared/average-closes';
import { consensusOf, withConsistentTargets } from '../../../core/market/analyst-consensus';
import { toGrades, withFirmTargets } from './analyst';
import type { FmpClient, FmpQuery } from './client';
import {
  firmTargetsSchema,
  gradesSchema,
  priceTargetsSchema,
  profilesSchema,
  ratingsSchema,
  sharesFloatSchema,
  type FmpProfile,
} from './company-schemas';
import { createFmpMarketData } from './market-data';
import { ProviderError } from './provider-error';
import { STATEMENT_ENDPOINTS } from './statement-schemas';

export interface FmpFundamentalsOptions {
  /** Annual statements kept per kind (default 10 years). */
  readonly annualLimit?: number;
  /** Quarterly statements kept per kind (default 20: five years, enough for TTM and its trend). */
  readonly quarterLimit?: number;
  /** Upgrades and downgrades kept, newest first (default 20). */
  readonly gradesLimit?: number;
  /**
   * Price-target news items asked for (default 100): the news is paged, and must reach back as
   * far as the grades kept for each grade to find its firm's target of the day.
   */
  readonly targetNewsLimit?: number;
  /** The instant the average closes are computed as of (default: now). */
  readonly clock?: () => Date;
}

export interface FmpFundamentals {
  /**
   * Everything the stocks table holds for one company, from FMP's stable API. Throws a
   * ProviderError when any required part (profile, statements, price history) fails or answers
   * something unusable, a refusal by the key's plan included (kind 'plan', FMP's words in its
   * message): the caller writes all of it or nothing. Analyst data is optional: absent when FMP has
   * none (404 or an empty answer), and absent with `refused` naming each endpoint the plan refused.
   */
  company(symbol: string): Promise<SourcedCompany>;
}

export const PROFILE_PATH = '/stable/profile';
export const SHARES_FLOAT_PATH = '/stable/shares-float';
export const RATINGS_PATH = '/stable/grades-consensus';
export const PRICE_TARGETS_PATH = '/stable/price-target-consensus';
export const GRADES_PATH = '/stable/grades';
export const TARGET_NEWS_PATH = '/stable/price-target-news';
/**
 * The analyst endpoints without which there is no analyst record. The price-target news only adds
 * each grade's target of the day: without it a grade keeps no target ("unknown", as core's type
 * says), which shows nothing false.
 */
const ANALYST_PATHS = [RATINGS_PATH, PRICE_TARGETS_PATH, GRADES_PATH];

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** A plan refusal as the run record keeps it: the endpoint, and FMP's words without our prefix. */
function refusalOf(error: ProviderError): PlanRefusal {
  const prefix = `FMP ${error.path}: `;
  const message = error.message.startsWith(prefix)
    ? error.message.slice(prefix.length)
    : error.message;
  return { endpoint: error.path, message };
}

export function createFmpFundamentals(
  client: FmpClient,
  {
    annualLimit = 10,
    quarterLimit = 20,
    gradesLimit = 20,
    targetNewsLimit = 100,
    clock = () => new Date(),
  }: FmpFundamentalsOptions = {},
): FmpFundamentals {
  const market = createFmpMarketData(client);
  const limits: Record<StatementPeriod, number> = { annual: annualLimit, quarter: quarterLimit };
  /**
   * Endpoints the key's plan refused, kept for the adapter's life: a plan does not change between
   * two companies of a run, and asking again for each would spend the plan's daily calls on
   * answers known in advance.
   */
  const refusedByPlan = new Map<string, PlanRefusal>();

  /**
   * An optional part: FMP's rows, [] when it has none (404 or an empty answer), or undefined when
   * the plan refused it (noted in `refused`). Any other failure propagates.
   */
  async function optional<T>(
    path: string,
    query: FmpQuery,
    schema: z.ZodType<T[]>,
    refused: PlanRefusal[],
  ): Promise<T[] | undefined> {
    const known = refusedByPlan.get(path);
    if (known) {
      refused.push(known);
      return undefined;
    }
    try {
      return await client.get(path, query, schema);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.notFound) return [];
      if (!error.refusedByPlan) throw error;
      const refusal = refusalOf(error);
      refusedByPlan.set(path, refusal);
      refused.push(refusal);
      return undefined;
    }
  }

  async function profileOf(symbol: string): Promise<FmpProfile> {
    const [profile] = await client.get(PROFILE_PATH, { symbol }, profilesSchema);
    if (!profile) throw new ProviderError('not-found', PROFILE_PATH, 'no profile for this symbol');
    if (profile.symbol.toUpperCase() !== symbol.toUpperCase()) {
      throw new ProviderError('invalid', PROFILE_PATH, `profile is for ${profile.symbol}`);
    }
    // The stocks table is keyed by ISIN and holds companies only (CompanyProfile.isEtf: false).
    if (!profile.isin || !ISIN.test(profile.isin)) {
      throw new ProviderError('invalid', PROFILE_PATH, `no valid ISIN (${profile.isin ?? 'null'})`);
    }
    if (profile.isEtf) throw new ProviderError('invalid', PROFILE_PATH, 'an ETF, not a company');
    return profile;
  }

  async function sharesOf(symbol: string, profile: FmpProfile, refused: PlanRefusal[]) {
    const floats = await optional(SHARES_FLOAT_PATH, { symbol }, sharesFloatSchema, refused);
    const float = floats?.[0];
    if (float?.outstandingShares) {
      return {
        sharesOutstanding: float.outstandingShares,
        floatShares: float.floatShares ?? float.outstandingShares,
      };
    }
    // FMP has no float for many non-US listings, and the stable quote, unlike the legacy one,
    // carries no share count. The profile's market capitalisation is FMP's price times FMP's own
    // share count, so dividing it by that price gives the count back (whole shares).
    const { marketCap, price } = profile;
    if (!marketCap || !price || marketCap <= 0 || price <= 0) {
      throw new ProviderError('not-found', SHARES_FLOAT_PATH, 'no share count for this symbol');
    }
    const sharesOutstanding = Math.round(marketCap / price);
    return { sharesOutstanding, floatShares: sharesOutstanding };
  }

  async function sheets<K extends StatementKind>(
    symbol: string,
    kind: K,
    period: StatementPeriod,
  ): Promise<StatementByKind[K][]> {
    const { path, schema } = STATEMENT_ENDPOINTS[kind];
    const items = await client.get(path, { symbol, period, limit: limits[period] }, schema);
    for (const item of items) {
      // Guards against FMP answering for another listing or mixing periods into the set.
      const periodOk = period === 'annual' ? item.period === 'FY' : item.period !== 'FY';
      if (item.symbol.toUpperCase() !== symbol.toUpperCase() || !periodOk) {
        throw new ProviderError(
          'invalid',
          path,
          `${period} set holds ${item.symbol} ${item.period} ${item.date}`,
        );
      }
    }
    // Newest first, as the repository stores them.
    return [...items].sort((a, b) => (a.date < b.date ? 1 : -1));
  }

  async function collection<K extends StatementKind>(
    symbol: string,
    kind: K,
  ): Promise<StatementCollection<K>> {
    const [annual, quarter] = await Promise.all([
      sheets(symbol, kind, 'annual'),
      sheets(symbol, kind, 'quarter'),
    ]);
    return { annual, quarter };
  }

  /**
   * Undefined when FMP has nothing (404, or empty answers) and when the plan refused any of
   * ANALYST_PATHS: a record missing the refused part would show what the plan withheld as
   * "none", so the company goes without analyst data and `refused` says why. A refused price-target
   * news leaves the grades without targets (and is named in `refused` too).
   */
  async function analystOf(
    symbol: string,
    currency: string,
    refused: PlanRefusal[],
  ): Promise<AnalystData | undefined> {
    // Once the plan has refused one of them, the others' answers could not be used: not asked.
    const known = ANALYST_PATHS.flatMap((path) => refusedByPlan.get(path) ?? []);
    if (known.length > 0) {
      refused.push(...known);
      return undefined;
    }
    const [ratings, targets, grades, firmTargets] = await Promise.all([
      optional(RATINGS_PATH, { symbol }, ratingsSchema, refused),
      optional(PRICE_TARGETS_PATH, { symbol }, priceTargetsSchema, refused),
      optional(GRADES_PATH, { symbol }, gradesSchema, refused),
      optional(
        TARGET_NEWS_PATH,
        { symbol, page: 0, limit: targetNewsLimit },
        firmTargetsSchema,
        refused,
      ),
    ]);
    if (!ratings || !targets || !grades) return undefined;
    const [counts] = ratings;
    const [target] = targets;
    if (!counts || !target || target.targetConsensus === null) return undefined;
    const { strongBuy, buy, hold, sell, strongSell } = counts;
    const distribution = { strongBuy, buy, hold, sell, strongSell };
    // FMP names a consensus too; ours is the mean rating of the same counts (consensusOf), the
    // one rule whatever the provider's wording.
    const consensus = consensusOf(distribution);
    if (!consensus) return undefined;
    // The range spans the current grades' targets too (core's rule), as the page shows them.
    return withConsistentTargets({
      symbol,
      ratings: distribution,
      consensus,
      priceTarget: {
        high: target.targetHigh ?? target.targetConsensus,
        low: target.targetLow ?? target.targetConsensus,
        median: target.targetMedian ?? target.targetConsensus,
        consensus: target.targetConsensus,
        currency, // FMP quotes targets in the trading currency
      },
      grades: withFirmTargets(toGrades(grades, gradesLimit), firmTargets ?? []),
    });
  }

  return {
    async company(symbol: string): Promise<SourcedCompany> {
      // The profile first: an unknown symbol, an ETF or a listing without ISIN costs one call,
      // not thirteen, and fails with that reason.
      const fmp = await profileOf(symbol);
      const sharesRefused: PlanRefusal[] = [];
      const analystRefused: PlanRefusal[] = [];
      const [shares, income, balance, cash, analyst] = await Promise.all([
        sharesOf(symbol, fmp, sharesRefused),
        collection(symbol, 'income'),
        collection(symbol, 'balance'),
        collection(symbol, 'cash'),
        analystOf(symbol, fmp.currency, analystRefused),
      ]);
      const refused = [...sharesRefused, ...analystRefused];
      const profile = toProfile(fmp, shares);
      // Three years of daily closes, read here once a run rather than by every screen.
      const averageCloses = await readAverageCloses(
        market,
        { symbol: profile.symbol, exchangeShortName: profile.exchangeShortName },
        clock(),
      );
      return {
        stock: {
          isin: profile.isin,
          symbol: profile.symbol,
          profile,
          averageCloses,
          demo: false,
        },
        statements: { income, balance, cash },
        ...(analyst ? { analyst } : {}),
        ...(refused.length > 0 ? { refused } : {}),
      };
    },
  };
}

/** FMP's head count, sent as text ("164000") or a number; blank or not a number: none reported. */
function employeesOf(value: FmpProfile['fullTimeEmployees']): number | null {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const count = Number(value);
  return Number.isFinite(count) ? Math.round(count) : null;
}

/**
 * FMP nulls become '' (text) or 0 (numbers), except the head count and the IPO date, which stay
 * null: a page shows them as missing rather than as a count or a day nobody reported. Live fields
 * are left to the quote at read time.
 */
export function toProfile(
  p: FmpProfile,
  shares: { sharesOutstanding: number; floatShares: number },
): CompanyProfile {
  const employees = employeesOf(p.fullTimeEmployees);
  return {
    symbol: p.symbol,
    companyName: p.companyName,
    isin: p.isin ?? '',
    exchange: p.exchangeFullName ?? p.exchange,
    exchangeShortName: p.exchange,
    currency: p.currency,
    country: p.country ?? '',
    sector: p.sector ?? '',
    industry: p.industry ?? '',
    description: p.description ?? '',
    ceo: p.ceo ?? '',
    website: p.website ?? '',
    fullTimeEmployees: employees,
    ipoDate: p.ipoDate?.trim() ? p.ipoDate : null,
    address: p.address ?? '',
    city: p.city ?? '',
    phone: p.phone ?? '',
    beta: p.beta ?? 0,
    sharesOutstanding: shares.sharesOutstanding,
    floatShares: shares.floatShares,
    lastDiv: p.lastDividend ?? 0,
    ...(p.averageVolume ? { volAvg: p.averageVolume } : {}),
    isEtf: false,
    isActivelyTrading: p.isActivelyTrading,
  };
}
