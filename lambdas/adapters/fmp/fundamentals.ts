import type {
  AnalystData,
  CompanyProfile,
  StatementByKind,
  StatementKind,
  StatementPeriod,
} from '../../../core/market/types';
import type { CompanyData, StatementCollection } from '../../ports/stocks-repository';
import { consensusOf, toGrades, withFirmTargets } from './analyst';
import type { FmpClient } from './client';
import {
  firmTargetsSchema,
  gradesSchema,
  priceTargetsSchema,
  profilesSchema,
  quoteSharesSchema,
  recommendationsSchema,
  sharesFloatSchema,
  type FmpProfile,
} from './company-schemas';
import { readAverageCloses } from '../../shared/average-closes';
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
  /** The instant the average closes are computed as of (default: now). */
  readonly clock?: () => Date;
}

export interface FmpFundamentals {
  /**
   * Everything the stocks table holds for one company, from FMP. Throws a ProviderError when any
   * required call fails or answers something unusable: the caller writes all of it or nothing.
   * Analyst data is optional: absent when FMP has none (404 or an empty answer).
   */
  company(symbol: string): Promise<CompanyData>;
}

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const segment = encodeURIComponent;

export function createFmpFundamentals(
  client: FmpClient,
  {
    annualLimit = 10,
    quarterLimit = 20,
    gradesLimit = 20,
    clock = () => new Date(),
  }: FmpFundamentalsOptions = {},
): FmpFundamentals {
  const market = createFmpMarketData(client);
  const limits: Record<StatementPeriod, number> = { annual: annualLimit, quarter: quarterLimit };

  async function profileOf(symbol: string): Promise<FmpProfile> {
    const path = `/v3/profile/${segment(symbol)}`;
    const [profile] = await client.get(path, {}, profilesSchema);
    if (!profile) throw new ProviderError('not-found', path, 'no profile for this symbol');
    if (profile.symbol.toUpperCase() !== symbol.toUpperCase()) {
      throw new ProviderError('invalid', path, `profile is for ${profile.symbol}`);
    }
    // The stocks table is keyed by ISIN and holds companies only (CompanyProfile.isEtf: false).
    if (!profile.isin || !ISIN.test(profile.isin)) {
      throw new ProviderError('invalid', path, `no valid ISIN (${profile.isin ?? 'null'})`);
    }
    if (profile.isEtf) throw new ProviderError('invalid', path, 'an ETF, not a company');
    return profile;
  }

  async function sharesOf(symbol: string) {
    const [float] = await client.get('/v4/shares_float', { symbol }, sharesFloatSchema);
    if (float?.outstandingShares) {
      return {
        sharesOutstanding: float.outstandingShares,
        floatShares: float.floatShares ?? float.outstandingShares,
      };
    }
    // FMP has no float for many non-US listings; the quote still knows the share count.
    const path = `/v3/quote/${segment(symbol)}`;
    const [quote] = await client.get(path, {}, quoteSharesSchema);
    if (!quote?.sharesOutstanding) {
      throw new ProviderError('not-found', path, 'no share count for this symbol');
    }
    return { sharesOutstanding: quote.sharesOutstanding, floatShares: quote.sharesOutstanding };
  }

  async function sheets<K extends StatementKind>(
    symbol: string,
    kind: K,
    period: StatementPeriod,
  ): Promise<StatementByKind[K][]> {
    const { path: endpoint, schema } = STATEMENT_ENDPOINTS[kind];
    const path = `/v3/${endpoint}/${segment(symbol)}`;
    const items = await client.get(path, { period, limit: limits[period] }, schema);
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

  /** Undefined when FMP has nothing (404, or empty answers); other failures propagate. */
  async function analystOf(symbol: string, currency: string): Promise<AnalystData | undefined> {
    const optional = <T>(call: Promise<T[]>): Promise<T[]> =>
      call.catch((error: unknown) => {
        if (error instanceof ProviderError && error.notFound) return [];
        throw error;
      });
    const [recommendations, targets, grades, firmTargets] = await Promise.all([
      optional(
        client.get(
          `/v3/analyst-stock-recommendations/${segment(symbol)}`,
          {},
          recommendationsSchema,
        ),
      ),
      optional(client.get('/v4/price-target-consensus', { symbol }, priceTargetsSchema)),
      optional(client.get('/v4/upgrades-downgrades', { symbol }, gradesSchema)),
      optional(client.get('/v4/price-target', { symbol }, firmTargetsSchema)),
    ]);
    const latest = [...recommendations].sort((a, b) => (a.date < b.date ? 1 : -1))[0];
    const target = targets[0];
    if (!latest || !target) return undefined;
    const ratings = {
      strongBuy: latest.analystRatingsStrongBuy,
      buy: latest.analystRatingsbuy,
      hold: latest.analystRatingsHold,
      sell: latest.analystRatingsSell,
      strongSell: latest.analystRatingsStrongSell,
    };
    const consensus = consensusOf(ratings);
    if (!consensus || target.targetConsensus === null) return undefined;
    return {
      symbol,
      ratings,
      consensus,
      priceTarget: {
        high: target.targetHigh ?? target.targetConsensus,
        low: target.targetLow ?? target.targetConsensus,
        median: target.targetMedian ?? target.targetConsensus,
        consensus: target.targetConsensus,
        currency, // FMP quotes targets in the trading currency
      },
      grades: withFirmTargets(toGrades(grades, gradesLimit), firmTargets),
    };
  }

  return {
    async company(symbol: string): Promise<CompanyData> {
      // The profile first: an unknown symbol, an ETF or a listing without ISIN costs one call,
      // not thirteen, and fails with that reason.
      const fmp = await profileOf(symbol);
      const [shares, income, balance, cash, analyst] = await Promise.all([
        sharesOf(symbol),
        collection(symbol, 'income'),
        collection(symbol, 'balance'),
        collection(symbol, 'cash'),
        analystOf(symbol, fmp.currency),
      ]);
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
      };
    },
  };
}

/** FMP nulls become '' (text) or 0 (numbers); live fields are left to the quote at read time. */
export function toProfile(
  p: FmpProfile,
  shares: { sharesOutstanding: number; floatShares: number },
): CompanyProfile {
  const employees = Number(p.fullTimeEmployees ?? 0);
  return {
    symbol: p.symbol,
    companyName: p.companyName,
    isin: p.isin ?? '',
    exchange: p.exchange ?? p.exchangeShortName,
    exchangeShortName: p.exchangeShortName,
    currency: p.currency,
    country: p.country ?? '',
    sector: p.sector ?? '',
    industry: p.industry ?? '',
    description: p.description ?? '',
    ceo: p.ceo ?? '',
    website: p.website ?? '',
    fullTimeEmployees: Number.isFinite(employees) ? Math.round(employees) : 0,
    ipoDate: p.ipoDate ?? '',
    address: p.address ?? '',
    city: p.city ?? '',
    phone: p.phone ?? '',
    beta: p.beta ?? 0,
    sharesOutstanding: shares.sharesOutstanding,
    floatShares: shares.floatShares,
    lastDiv: p.lastDiv ?? 0,
    isEtf: false,
    isActivelyTrading: p.isActivelyTrading,
  };
}
