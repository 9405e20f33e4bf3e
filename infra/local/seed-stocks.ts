import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { STOCKS_TABLE } from '../../core/tables';
import { DynamoDbIngestRuns } from '../../lambdas/adapters/dynamodb/ingest-runs';
import { simulatedMarketData } from './market/market-data';
import type { MarketData } from '../../lambdas/ports/market-data';
import type { CompanyData, StocksRepository } from '../../lambdas/ports/stocks-repository';
import { readAverageCloses } from '../../lambdas/shared/average-closes';
import { generateUniverse, type DemoCompany } from './demo/universe';

/** Bump when the generator's output changes, so existing local data is re-seeded. */
export const DEMO_DATA_VERSION = 7;
export const DEFAULT_DEMO_COUNT = 2_000;
/** The item recording the demo seed (a data folder holding it holds the demo universe). */
export const DEMO_SEED_MARKER_KEY = { isin: '#meta', sk: 'DEMO_SEED' };

export interface SeedOptions {
  readonly client: DynamoDBDocumentClient;
  readonly stocks: StocksRepository;
  readonly count?: number;
  readonly seed?: string;
  /**
   * The day the universe is seen from (YYYY-MM-DD, see generateUniverse). Without one, the anchor
   * recorded by an earlier seed is kept, and a first seed takes today's date (UTC) from `now`.
   */
  readonly anchor?: string;
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export interface SeedResult {
  readonly seeded: boolean;
  readonly companies: number;
  /** The anchor the stored universe was generated with. */
  readonly anchor: string;
  readonly ms: number;
}

/** A demo company as the stocks repository stores it. */
export function toCompanyData(company: DemoCompany): CompanyData {
  const collection = <K extends 'income' | 'balance' | 'cash'>(kind: K) => ({
    annual: company.annual[kind],
    quarter: company.quarterly[kind],
  });
  return {
    stock: {
      isin: company.profile.isin,
      symbol: company.profile.symbol,
      profile: company.profile,
      instrument: company.instrument,
      demo: true,
    },
    statements: {
      income: collection('income'),
      balance: collection('balance'),
      cash: collection('cash'),
    },
    analyst: company.analyst,
    shariah: company.shariah,
  };
}

/**
 * The demo companies as the seed stores them: each with its 24- and 36-month mean closes as of the
 * universe's anchor, read from the simulated market as the ingest reads FMP's (the screener's S&P
 * and DJIM verdicts divide by the average market caps made of them).
 */
export async function toSeededCompanies(
  universe: readonly DemoCompany[],
  anchor: string,
  market: Pick<MarketData, 'daily'> = simulatedMarketData(),
): Promise<CompanyData[]> {
  const asOf = new Date(`${anchor}T00:00:00Z`);
  return Promise.all(
    universe.map(async (company) => {
      const data = toCompanyData(company);
      const averageCloses = await readAverageCloses(
        market,
        {
          symbol: company.profile.symbol,
          exchangeShortName: company.profile.exchangeShortName,
          instrument: company.instrument,
        },
        asOf,
      );
      return { ...data, stock: { ...data.stock, averageCloses } };
    }),
  );
}

interface SeedMarker {
  readonly seed?: string;
  readonly count?: number;
  readonly version?: number;
  readonly anchor?: string;
}

/**
 * Writes the generated demo universe once: a marker item records seed, count, generator version
 * and anchor, so later starts skip the work and an interrupted seed is simply redone (puts
 * overwrite). The anchor is the date of the first start and outlives re-seeds (a new version), so
 * the universe does not move under a running demo from one start to the next.
 */
export async function seedDemoUniverse(options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const count = options.count ?? DEFAULT_DEMO_COUNT;
  const seed = options.seed ?? 'stockscope-demo';
  const marker = await options.client.send(
    new GetCommand({ TableName: STOCKS_TABLE.localName, Key: DEMO_SEED_MARKER_KEY }),
  );
  const done = marker.Item as SeedMarker | undefined;
  const today = new Date((options.now ?? Date.now)()).toISOString().slice(0, 10);
  const anchor = options.anchor ?? done?.anchor ?? today;
  const wanted = { seed, count, version: DEMO_DATA_VERSION, anchor };
  if (
    done?.seed === seed &&
    done.count === count &&
    done.version === DEMO_DATA_VERSION &&
    done.anchor === anchor
  ) {
    return { seeded: false, companies: count, anchor, ms: Date.now() - started };
  }
  options.log?.(
    `Seeding the demo universe (${count.toLocaleString('en-US')} companies, as of ${anchor})…`,
  );
  const startedAt = new Date(started).toISOString();
  const universe = generateUniverse({ seed, count, anchor });
  await options.stocks.putCompanies(await toSeededCompanies(universe, anchor));
  // Locally the seed is the ingest: the admin dashboard shows it as the last run.
  await new DynamoDbIngestRuns(options.client, STOCKS_TABLE.localName).record({
    source: 'demo seed',
    startedAt,
    finishedAt: new Date().toISOString(),
    ingested: universe.length,
    failures: [],
    refusals: [],
  });
  await options.client.send(
    new PutCommand({
      TableName: STOCKS_TABLE.localName,
      Item: { ...DEMO_SEED_MARKER_KEY, ...wanted, completedAt: new Date().toISOString() },
    }),
  );
  return { seeded: true, companies: universe.length, anchor, ms: Date.now() - started };
}
