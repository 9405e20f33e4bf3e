import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { symbolSchema } from '../../core/api/asset';
import { parseSymbolList } from '../../core/market/symbol-list';
import { STOCKS_TABLE } from '../../core/tables';
import { DynamoDbIngestRuns } from '../../lambdas/adapters/dynamodb/ingest-runs';
import { callsPerMinuteFromEnv } from '../../lambdas/adapters/fmp/aws-client';
import { createFmpMarketCalendar } from '../../lambdas/adapters/fmp/calendar';
import { createFmpClient, FMP_BASE_URL } from '../../lambdas/adapters/fmp/client';
import { createFmpFundamentals } from '../../lambdas/adapters/fmp/fundamentals';
import { createFmpMarketData } from '../../lambdas/adapters/fmp/market-data';
import { DynamoDbVerdictChecks } from '../../lambdas/adapters/dynamodb/verdict-watch';
import { composeIngest, type IngestReport } from '../../lambdas/ingest/compose';
import type { MarketCalendar } from '../../lambdas/ports/market-calendar';
import type { MarketData } from '../../lambdas/ports/market-data';
import type { StocksRepository } from '../../lambdas/ports/stocks-repository';
import { DEMO_SEED_MARKER_KEY } from './seed-stocks';

/**
 * The local stack's real-data mode (`FMP_API_KEY=… npm start`): the same ingest composition as
 * AWS's scheduled function loads FMP_SYMBOLS from Financial Modeling Prep into DynamoDB Local at
 * start and then daily, and the asset service reads live prices and calendars from FMP, instead of
 * the generated demo universe and the simulated market.
 */

/**
 * The companies loaded when FMP_SYMBOLS is unset: a dozen large caps of several kinds (technology,
 * a bank, a payments network, health care, energy, consumer staples), a foreign issuer listed in
 * New York that reports in another currency (TSM, in TWD), and two listings outside the US (XETRA,
 * London) that a US-only plan refuses, which the admin dashboard then shows. Each company costs about
 * thirteen calls per load: small enough for a starter plan's rate limit.
 */
export const DEFAULT_FMP_SYMBOLS = [
  'AAPL',
  'MSFT',
  'NVDA',
  'AMZN',
  'JPM',
  'V',
  'JNJ',
  'XOM',
  'KO',
  'TSM',
  'SAP.DE',
  'SHEL.L',
] as const;

/** How often the local ingest reloads the companies (AWS runs hourly on weekdays). */
export const DEFAULT_LOCAL_INGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The environment of the real-data mode (bin/local.ts reads it). */
export const REAL_DATA_ENV = {
  apiKey: 'FMP_API_KEY',
  symbols: 'FMP_SYMBOLS',
  baseUrl: 'FMP_BASE_URL',
} as const;

export interface LocalFmpOptions {
  readonly apiKey: string;
  /** FMP's root (default FMP_BASE_URL); a fake FMP's in tests. */
  readonly baseUrl?: string;
  /** The companies to load (at least one). */
  readonly symbols: readonly string[];
  /** How often to reload them (default daily). */
  readonly ingestIntervalMs?: number;
  /** The key's plan's calls a minute (FMP_CALLS_PER_MINUTE; default the client's, Starter's). */
  readonly callsPerMinute?: number;
}

/**
 * The real-data mode as the environment asks for it: undefined without FMP_API_KEY (the demo
 * universe), else its options. Throws, naming the variable, on a list or a root it cannot use.
 */
export function realDataFromEnv(env: NodeJS.ProcessEnv): LocalFmpOptions | undefined {
  const apiKey = env[REAL_DATA_ENV.apiKey]?.trim();
  if (!apiKey) return undefined;
  const symbols = parseFmpSymbols(env[REAL_DATA_ENV.symbols]);
  const baseUrl = env[REAL_DATA_ENV.baseUrl]?.trim();
  if (baseUrl && !/^https?:\/\/[^/\s]+/.test(baseUrl)) {
    throw new Error(
      `${REAL_DATA_ENV.baseUrl} must be an http(s) URL such as ${FMP_BASE_URL}, got "${baseUrl}"`,
    );
  }
  const callsPerMinute = callsPerMinuteFromEnv(env);
  return {
    apiKey,
    symbols,
    ...(baseUrl ? { baseUrl } : {}),
    ...(callsPerMinute ? { callsPerMinute } : {}),
  };
}

/** FMP_SYMBOLS: comma-separated tickers as FMP writes them; DEFAULT_FMP_SYMBOLS when unset. */
export function parseFmpSymbols(text: string | undefined): string[] {
  if (text === undefined) return [...DEFAULT_FMP_SYMBOLS];
  const symbols = parseSymbolList(text);
  if (symbols.length === 0) {
    throw new Error(
      `${REAL_DATA_ENV.symbols} names no symbol ("${text}"); leave it unset for the default list (${DEFAULT_FMP_SYMBOLS.join(',')})`,
    );
  }
  const bad = symbols.filter((symbol) => !symbolSchema.safeParse(symbol).success);
  if (bad.length > 0) {
    throw new Error(
      `${REAL_DATA_ENV.symbols}: ${bad.map((s) => `"${s}"`).join(', ')} ${bad.length === 1 ? 'is not a ticker' : 'are not tickers'}; use FMP's tickers, comma-separated (e.g. AAPL,JPM,SAP.DE,BRK-B)`,
    );
  }
  return symbols;
}

/** The item recording that a data folder holds real data. */
const REAL_DATA_MARKER_KEY = { isin: '#meta', sk: 'REAL_DATA' };

/**
 * Keeps the demo universe and real data apart: a data folder holds one or the other, never both
 * (the demo's generated companies would sit among FMP's, and the dashboard's figures would mix).
 * Throws, saying what to do, when the folder holds the other mode's data; records the real-data
 * mode in a folder that starts in it.
 */
export async function ensureDataMode(
  client: DynamoDBDocumentClient,
  mode: 'demo' | 'fmp',
  dataDir: string,
): Promise<void> {
  const marker = (key: Record<string, string>) =>
    client.send(new GetCommand({ TableName: STOCKS_TABLE.localName, Key: key }));
  if (mode === 'fmp') {
    if ((await marker(DEMO_SEED_MARKER_KEY)).Item) {
      throw new Error(
        `${dataDir} holds the demo universe; the real-data mode (${REAL_DATA_ENV.apiKey}) keeps its data apart. Leave DATA_DIR unset (real data goes to .data/fmp) or point it at another folder.`,
      );
    }
    await client
      .send(
        new PutCommand({
          TableName: STOCKS_TABLE.localName,
          Item: { ...REAL_DATA_MARKER_KEY, since: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(isin)',
        }),
      )
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
    return;
  }
  if ((await marker(REAL_DATA_MARKER_KEY)).Item) {
    throw new Error(
      `${dataDir} holds real data from FMP; the demo keeps its data apart. Start with ${REAL_DATA_ENV.apiKey} set, or point DATA_DIR at another folder.`,
    );
  }
}

export interface RealData {
  readonly market: MarketData;
  readonly calendar: MarketCalendar;
  /** The load at start: what was written, what failed, what the plan refused. */
  readonly report: IngestReport;
  stop(): Promise<void>;
}

export interface RealDataPorts {
  readonly client: DynamoDBDocumentClient;
  readonly stocks: StocksRepository;
  readonly log: (line: string) => void;
}

/**
 * Loads the companies from FMP through the ingest composition, and reloads them on a timer (a run
 * starts only after the previous one ended; a failed one is logged and the next tries again).
 * The market data and calendars are FMP's, on the same client.
 */
export async function startRealData(
  options: LocalFmpOptions,
  { client, stocks, log }: RealDataPorts,
): Promise<RealData> {
  const fmp = createFmpClient({
    apiKey: async () => options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    // One client for the load and the live reads: the whole plan is this process's.
    ...(options.callsPerMinute ? { callsPerMinute: options.callsPerMinute } : {}),
  });
  const ingest = composeIngest({
    stocks,
    runs: new DynamoDbIngestRuns(client, STOCKS_TABLE.localName),
    verdictChecks: new DynamoDbVerdictChecks(client, STOCKS_TABLE.localName),
    source: createFmpFundamentals(fmp),
  });
  const symbols = options.symbols.join(',');
  log(
    `Loading ${options.symbols.length} companies from FMP (${options.baseUrl ?? FMP_BASE_URL}): ${symbols}…`,
  );
  const report = await ingest({ symbols });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = ingest({ symbols })
        .then((again) => log(`FMP reload: ${describeLoad(again)}.`))
        .catch((error: unknown) => log(`FMP reload failed: ${String(error)}`))
        .finally(schedule);
    }, options.ingestIntervalMs ?? DEFAULT_LOCAL_INGEST_INTERVAL_MS);
    timer.unref();
  };
  schedule();

  return {
    market: createFmpMarketData(fmp),
    calendar: createFmpMarketCalendar(fmp),
    report,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** '11 of 12 companies loaded, 1 failed, 2 refusals by the plan'. */
export function describeLoad(report: IngestReport): string {
  const parts = [`${report.ingested.length} of ${report.requested} companies loaded`];
  if (report.failed.length > 0) parts.push(`${report.failed.length} failed`);
  if (report.refusals.length > 0) {
    parts.push(
      `${report.refusals.length} ${report.refusals.length === 1 ? 'refusal' : 'refusals'} by the plan`,
    );
  }
  return parts.join(', ');
}
