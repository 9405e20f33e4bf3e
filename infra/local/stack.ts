import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { PAYMENT_WEBHOOK_EVENTS_TABLE, STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { awsClientOptions } from '../../lambdas/adapters/aws/client-options';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { CURATION_AREAS } from '../../core/curation/overview';
import { DynamoDbAreaIndex } from '../../lambdas/adapters/dynamodb/area-index';
import { DynamoDbStocksRepository } from '../../lambdas/adapters/dynamodb/stocks-repository';
import { usersTableStores } from '../../lambdas/adapters/dynamodb/users-table-stores';
import { simulatedMarketData } from './market/market-data';
import { CognitoIdentityDirectory } from '../../lambdas/adapters/cognito/identity-directory';
import { CognitoAccountIdentity } from '../../lambdas/adapters/cognito/account-identity';
import { ACCOUNT_API } from '../../core/api/account';
import { ADMIN_QUERIES_API } from '../../core/api/admin-queries';
import { ASSET_API } from '../../core/api/asset';
import { GRAPHQL_ENDPOINT } from '../../core/api/graphql';
import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import { SUBSCRIPTION_API } from '../../core/api/subscription';
import { composeAccountApi } from '../../lambdas/account/compose';
import { composeAdminQueriesApi } from '../../lambdas/admin-queries/compose';
import { composeAlertEvaluator } from '../../lambdas/alerts/compose';
import { composeVerdictEvaluator } from '../../lambdas/alerts/compose-verdict-alerts';
import {
  DynamoDbSeenVerdicts,
  DynamoDbVerdictChecks,
} from '../../lambdas/adapters/dynamodb/verdict-watch';
import { composeAssetApi } from '../../lambdas/asset/compose';
import { composeAssetService } from '../../lambdas/asset/compose-service';
import { composeGraphqlResolver } from '../../lambdas/graphql/compose';
import { composeCurationResolver } from '../../lambdas/graphql/curation-compose';
import { composeStripeWebhookApi } from '../../lambdas/stripe-webhook/compose';
import { composeSubscriptionApi } from '../../lambdas/subscription/compose';
import { curationStores } from '../../lambdas/adapters/dynamodb/curation-stores';
import { descriptionStore } from '../../lambdas/adapters/dynamodb/curated-items';
import { DynamoDbWebhookEvents } from '../../lambdas/adapters/dynamodb/webhook-events';
import { S3UserFiles } from '../../lambdas/adapters/s3/user-files';
import { demoMarketCalendar } from './demo-calendar-source';
import { routeGraphqlFields } from './graphql-fields';
import { localApi, type LocalApi } from './api-gateway';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws-local';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { startDynamoDbLocal } from './dynamodb-local';
import { commitBeforeAnswering } from './dynamodb-local-commits';
import { createLocalGraphql } from './graphql';
import { checkHealth } from './health';
import {
  ensureDemoAccount,
  ensureUserPool,
  identityClient,
  type LocalPool,
} from './identity/bootstrap';
import { startIdentityServer } from './identity/cognito-local-server';
import { OutboxSmsSender } from './identity/outbox-sms-sender';
import { idTokenVerifier } from './jwt';
import { readLocalConfig, writeLocalConfig } from './local-config';
import { loopbackOrigins } from './loopback';
import { Outbox } from './outbox';
import { OutboxEmailSender } from './outbox-email-sender';
import { oneUsersAlerts, subByEmail } from './one-users-alerts';
import { DEFAULT_ALERT_INTERVAL_MS, startAlertTimer } from './alert-timer';
import { assertPortFree, freePort } from './ports';
import { LOCAL_S3_CREDENTIALS, LOCAL_USER_FILES_BUCKET, startS3Local } from './s3-local';
import { DEFAULT_DEMO_COUNT, seedDemoUniverse } from './seed-stocks';
import { seedUserRecord } from './seed-users';
import { startLocalPayments } from './payments';
import { startLocalServer, type SpaMode } from './server';
import { supervise } from './supervisor';
import type { LocalStripe } from './stripe/server';
import { ensureTables } from './tables';
import { WEB_ROOT } from './web-build';
import type { IngestReport } from '../../lambdas/ingest/compose';
import type { MarketCalendar } from '../../lambdas/ports/market-calendar';
import type { MarketData } from '../../lambdas/ports/market-data';
import { ensureDataMode, startRealData, type LocalFmpOptions } from './real-data';

/** Start-up's bulk writes: long timeouts and a few attempts (see where they are used). */
const BULK_CLIENT_OPTIONS = {
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
  maxAttempts: 3,
} as const;

/** AppSync API key of the local GraphQL endpoint (the SPA's local configuration uses it). */
export const LOCAL_GRAPHQL_API_KEY = 'da2-local-stockscope';

export interface LocalStackOptions {
  /** HTTP port of the product; 0 picks a free one (tests). */
  readonly port: number;
  readonly dataDir: string;
  readonly spa: SpaMode;
  /** The SPA's Vite root (default web/). */
  readonly webRoot?: string;
  /** The production build served in 'built' mode (default web/dist). */
  readonly webDist?: string;
  /**
   * Resolves once the build in webDist is ready: `npm start` builds while the emulators start, and
   * the SPA is served once both are done.
   */
  readonly webBuild?: Promise<unknown>;
  /** Vite's cache for the 'dev' mode (default Vite's own); tests pass one of their own. */
  readonly viteCacheDir?: string;
  /** Companies in the generated demo universe (default 2,000); tests use fewer. */
  readonly demoCount?: number;
  /**
   * The demo universe's anchor day (YYYY-MM-DD); by default the one recorded at the first start,
   * else today. Tests pass a fixed one so what they compare does not move with the date.
   */
  readonly demoAnchor?: string;
  /** How long the asset API reuses its copies of the stock list and profiles (default 60 s). */
  readonly universeCacheMs?: number;
  /** The local Stripe's webhook retry delays (default 1, 2, 4, 8, 16 s); tests shorten them. */
  readonly webhookRetryDelaysMs?: readonly number[];
  /** How often the price-alert evaluator runs (default each minute, as in AWS); tests run it faster. */
  readonly alertIntervalMs?: number;
  /**
   * Real data from Financial Modeling Prep instead of the generated demo universe: its companies
   * loaded by the ingest composition at start and daily, live prices and calendars from FMP
   * (infra/local/real-data.ts). The data folder must not hold the demo universe.
   */
  readonly fmp?: LocalFmpOptions;
  /** Progress lines for the console; silent when omitted. */
  readonly log?: (line: string) => void;
}

/** What the stack serves: the generated demo universe, or what it loaded from FMP. */
export type LocalData =
  | { readonly mode: 'demo'; readonly companies: number; readonly anchor: string }
  | { readonly mode: 'fmp'; readonly load: IngestReport };

export interface LocalStack {
  readonly url: string;
  readonly endpoints: { readonly dynamodb: string; readonly identity: string; readonly s3: string };
  readonly pool: LocalPool;
  readonly outbox: Outbox;
  /** The local Stripe (its test clock and cards drive renewals in tests and demos). */
  readonly stripe: LocalStripe;
  /**
   * Child processes running now (the Java emulator, restarted with a new pid after a crash), so
   * callers can check that stop() left none behind.
   */
  readonly childPids: readonly number[];
  /** The identity service's own signing key pair (PEM): tests sign tokens it must take with it. */
  readonly identitySigningKeyFile: string;
  readonly data: LocalData;
  stop(): Promise<void>;
}

/**
 * Starts the whole product locally: DynamoDB Local, the identity service, S3, demo data (or real
 * data from FMP), and the HTTP server that serves the SPA and runs the same Lambda handlers as AWS. Everything started is
 * stopped by stop(), also when start-up fails half-way.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };

  try {
    if (options.port !== 0) await assertPortFree(options.port, 'the local product');
    const outbox = new Outbox(join(dataDir, 'outbox.jsonl'));

    log('Starting DynamoDB Local…');
    const dynamoOptions = { port: await freePort(), dbPath: join(dataDir, 'dynamodb') };
    const dynamo = await startDynamoDbLocal(dynamoOptions);
    // A crashed emulator comes back on the same port and data: the APIs answer 503 meanwhile.
    const dynamoSupervisor = supervise(dynamo, () => startDynamoDbLocal(dynamoOptions), {
      name: 'DynamoDB Local',
      log,
    });
    stops.push(dynamoSupervisor.stop);
    // The Lambdas' timeouts and retries: a stopped emulator fails a call in seconds, as on AWS.
    const awsConfig = {
      ...awsClientOptions(),
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    };
    const dynamoClient = new DynamoDBClient({ ...awsConfig, endpoint: dynamo.endpoint });
    stops.push(async () => dynamoClient.destroy());
    // Start-up's bulk work (the tables, the demo universe's thousands of writes, FMP's loads) runs
    // while the SPA builds on the same cores: a batch may take the emulator longer than a request's
    // timeout, and nobody is waiting on it for an answer.
    const bulkConfig = { ...awsConfig, ...BULK_CLIENT_OPTIONS, endpoint: dynamo.endpoint };
    const bulkClient = new DynamoDBClient(bulkConfig);
    stops.push(async () => bulkClient.destroy());
    await ensureTables(bulkClient, log);
    const bulkDocClient = documentClient(bulkConfig);
    const bulkStocks = new DynamoDbStocksRepository(bulkDocClient, STOCKS_TABLE.localName);

    const docClient = documentClient({ ...awsConfig, endpoint: dynamo.endpoint });
    // DynamoDB Local answers a transaction before its COMMIT: wait for it (kill -9 lost writes).
    commitBeforeAnswering(docClient, dynamoClient);
    commitBeforeAnswering(bulkDocClient, dynamoClient);
    const stores = usersTableStores(docClient, USERS_TABLE.localName);
    const { users, revocations } = stores;

    log('Starting the identity service…');
    const identity = await startIdentityServer({
      port: await freePort(),
      dataDir: join(dataDir, 'identity'),
      outbox,
      stores,
    });
    stops.push(identity.stop);
    const identityApi = identityClient(identity.endpoint);
    stops.push(async () => identityApi.destroy());
    const configFile = join(dataDir, 'local-config.json');
    const config = await readLocalConfig(configFile);
    const { pool, created } = await ensureUserPool(identityApi, config.pool);
    if (created) await writeLocalConfig(configFile, { ...config, pool });

    log('Starting S3…');
    const s3 = await startS3Local({ port: await freePort(), directory: join(dataDir, 's3') });
    stops.push(s3.stop);
    const s3Client = new S3Client({
      ...awsClientOptions(),
      region: LOCAL_REGION,
      credentials: LOCAL_S3_CREDENTIALS,
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
    stops.push(async () => s3Client.destroy());

    log('Seeding demo accounts…');
    for (const account of DEMO_ACCOUNTS) {
      await ensureDemoAccount(identityApi, pool.userPoolId, account);
      await seedUserRecord(identityApi, pool.userPoolId, users, account);
    }

    const stocks = new DynamoDbStocksRepository(docClient, STOCKS_TABLE.localName);
    await ensureDataMode(bulkDocClient, options.fmp ? 'fmp' : 'demo', dataDir);
    let data: LocalData;
    let market: MarketData;
    let calendar: MarketCalendar;
    if (options.fmp) {
      const real = await startRealData(options.fmp, {
        client: bulkDocClient,
        stocks: bulkStocks,
        log,
      });
      stops.push(real.stop);
      ({ market, calendar } = real);
      data = { mode: 'fmp', load: real.report };
    } else {
      const seeding = await seedDemoUniverse({
        client: bulkDocClient,
        stocks: bulkStocks,
        count: options.demoCount ?? DEFAULT_DEMO_COUNT,
        ...(options.demoAnchor ? { anchor: options.demoAnchor } : {}),
        log,
      });
      if (seeding.seeded) log(`Demo universe seeded in ${(seeding.ms / 1000).toFixed(1)} s.`);
      log(`Demo data as of ${seeding.anchor}.`);
      const demoCalendar = demoMarketCalendar(stocks);
      // Build the whole universe's calendar in the background: the first "everything" view is quick.
      void demoCalendar.warm().catch(() => {});
      market = simulatedMarketData();
      calendar = demoCalendar;
      data = { mode: 'demo', companies: seeding.companies, anchor: seeding.anchor };
    }
    // Count the curation areas in the background once the data is in: the console's first
    // overview then reads the counts kept with their mark (area-count-snapshots.ts) instead of
    // paging through thousands of items while an administrator waits.
    const areaIndex = new DynamoDbAreaIndex(bulkDocClient, STOCKS_TABLE.localName);
    void Promise.all(CURATION_AREAS.map((area) => areaIndex.count(area))).catch(() => {});
    // Only the generated universe is demo data: the APIs flag it, and the SPA shows its banner.
    const demo = data.mode === 'demo';
    // One asset service for the asset API, GraphQL and the alerts: they share its universe copies.
    const assetService = composeAssetService({
      stocks,
      market,
      descriptions: descriptionStore(docClient, STOCKS_TABLE.localName),
      calendar,
      universeCacheMs: options.universeCacheMs,
    });

    log('Starting the local Stripe…');
    const payments = await startLocalPayments({
      dataDir: join(dataDir, 'stripe'),
      ...(options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {}),
    });
    stops.push(payments.stripe.close);

    // The local composition root: each API composed by the function its Lambda handler calls,
    // over the emulators; the product's e-mails and SMS go to the outbox.
    const email = new OutboxEmailSender(outbox);
    const apis: LocalApi[] = [
      localApi(
        SUBSCRIPTION_API,
        composeSubscriptionApi({
          ...stores,
          stocks,
          // The asset API's service: a summary's verdicts and prices are the screener's.
          assets: assetService,
          market,
          payments: payments.payments,
          billing: payments.billing,
          email,
          files: new S3UserFiles({
            client: s3Client,
            bucket: LOCAL_USER_FILES_BUCKET,
          }),
        }),
      ),
      localApi(
        STRIPE_WEBHOOK_API,
        composeStripeWebhookApi({
          users,
          notices: stores.notices,
          events: new DynamoDbWebhookEvents(docClient, PAYMENT_WEBHOOK_EVENTS_TABLE.localName),
          payments: payments.payments,
          billing: payments.billing,
          email,
        }),
      ),
      localApi(
        ACCOUNT_API,
        composeAccountApi({
          ...stores,
          identity: new CognitoAccountIdentity(identityApi, pool.userPoolId),
          sms: new OutboxSmsSender(outbox),
        }),
      ),
      localApi(
        ADMIN_QUERIES_API,
        composeAdminQueriesApi({
          directory: new CognitoIdentityDirectory(identityApi, pool.userPoolId),
          users,
          revocations,
        }),
      ),
      localApi(ASSET_API, composeAssetApi({ service: assetService, demo }), {
        compressed: true,
      }),
    ];

    // The price-alert evaluator of the AWS handler, on a timer.
    const evaluateAlerts = composeAlertEvaluator({
      ...stores,
      assets: assetService,
      email,
    });
    // The developer control's run of one user's alerts: the same evaluator over their alerts only.
    const evaluateUsersAlerts = async (at: number | undefined, userEmail: string) => {
      const sub = await subByEmail(identityApi, pool.userPoolId, userEmail);
      if (!sub) return undefined;
      const evaluate = composeAlertEvaluator({
        ...stores,
        alerts: oneUsersAlerts(stores.alerts, sub),
        assets: assetService,
        email,
      });
      return evaluate(at);
    };
    // The verdict-change evaluator, run with the price alerts as the AWS handler runs it.
    const verdictChecks = new DynamoDbVerdictChecks(docClient, STOCKS_TABLE.localName);
    const evaluateVerdicts = composeVerdictEvaluator({
      ...stores,
      checks: verdictChecks,
      seen: new DynamoDbSeenVerdicts(docClient, STOCKS_TABLE.localName),
      assets: assetService,
      email,
    });
    const alertTimer = startAlertTimer(
      async (at) => {
        const result = await evaluateAlerts(at);
        await evaluateVerdicts(at);
        return result;
      },
      options.alertIntervalMs ?? DEFAULT_ALERT_INTERVAL_MS,
      log,
    );
    stops.push(alertTimer.stop);

    await options.webBuild;
    // One verifier for the REST gateway's Cognito routes and GraphQL's user-pool fields.
    const verifier = idTokenVerifier({ identityEndpoint: identity.endpoint, ...pool });
    const server = await startLocalServer({
      port: options.port,
      apis,
      graphql: createLocalGraphql({
        resolver: routeGraphqlFields({
          public: composeGraphqlResolver({ service: assetService, demo }),
          curation: composeCurationResolver({
            ...stores,
            ...curationStores(docClient, STOCKS_TABLE.localName),
            verdictChecks,
          }),
        }),
        apiKey: LOCAL_GRAPHQL_API_KEY,
        verifier,
      }),
      verifier,
      health: () =>
        checkHealth({
          dynamodb: dynamoClient,
          identity: identityApi,
          userPoolId: pool.userPoolId,
          s3: s3Client,
          bucket: LOCAL_USER_FILES_BUCKET,
        }),
      outbox,
      devStripe: payments.dev,
      runVerdictAlerts: evaluateVerdicts,
      runAlerts: (at, userEmail) =>
        userEmail === undefined ? evaluateAlerts(at) : evaluateUsersAlerts(at, userEmail),
      expireForUser: (email) => identity.expireForUser(pool.userPoolId, email),
      runtimeConfig: {
        region: LOCAL_REGION,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.clientId,
        identityEndpoint: identity.endpoint,
        graphqlUrl: GRAPHQL_ENDPOINT.path,
        graphqlApiKey: LOCAL_GRAPHQL_API_KEY,
        // The generated universe is flagged: the SPA shows its banner at boot (not on FMP's data).
        demoData: demo,
      },
      spa: options.spa,
      webRoot: options.webRoot ?? WEB_ROOT,
      ...(options.webDist ? { webDist: options.webDist } : {}),
      ...(options.viteCacheDir ? { viteCacheDir: options.viteCacheDir } : {}),
      // The SPA posts CSV uploads straight to the bucket, as it does to S3 in AWS.
      connectOrigins: [identity.endpoint, s3.endpoint],
    });
    stops.push(server.stop);
    payments.connect(server.url);
    // The SPA signs in from the product's own pages, and only those may call the identity service.
    identity.allowOrigins(loopbackOrigins(Number(new URL(server.url).port)));

    return {
      url: server.url,
      endpoints: { dynamodb: dynamo.endpoint, identity: identity.endpoint, s3: s3.endpoint },
      pool,
      outbox,
      stripe: payments.stripe,
      get childPids() {
        const pid = dynamoSupervisor.current()?.pid;
        return pid === undefined ? [] : [pid];
      },
      identitySigningKeyFile: identity.signingKeyFile,
      data,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
