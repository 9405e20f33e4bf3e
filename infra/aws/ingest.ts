import { CfnOutput, Duration, RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LAMBDA_TIMEOUT_SECONDS } from '../../core/lambda-timeouts';
import { STOCKS_TABLE } from '../../core/tables';
import {
  FMP_API_KEY_PLACEHOLDER,
  FMP_API_KEY_SECRET_ENV,
} from '../../lambdas/adapters/fmp/api-key';
import { INGEST_SYMBOLS_ENV } from '../../lambdas/ingest/config';
import { FMP_CALLS_PER_MINUTE_ENV } from '../../lambdas/adapters/fmp/aws-client';
import { fmpCallShares, fmpCallsPerMinute } from './fmp-plan';
import { SERVICE } from '../../lambdas/shared/observability/names';
import { ServiceFunction } from './service-function';

export interface MarketDataIngestProps {
  readonly stocksTable: dynamodb.ITableV2;
  /**
   * Symbols to ingest; by default the ingest universe: every company already in the stocks table
   * and every member of the indexes FMP lists (lambdas/ingest/universe.ts).
   */
  readonly symbols?: readonly string[];
  /**
   * The per-minute call limit of the FMP key's plan; by default the CDK context's
   * `fmpCallsPerMinute`, else Starter's (infra/aws/fmp-plan.ts).
   */
  readonly callsPerMinute?: number;
  /** When to run; by default hourly on weekdays (UTC), at minute 15. */
  readonly schedule?: events.Schedule;
  /**
   * The secret holding the FMP API key. By default one is created here, holding a placeholder
   * until an operator puts the key in it (the function refuses to run on the placeholder).
   */
  readonly apiKeySecret?: secretsmanager.ISecret;
}

/**
 * The production market-data ingest: a scheduled function that fetches each company's profile,
 * statements and analyst data from Financial Modeling Prep and writes them to the stocks table. A
 * first deploy's empty table fills itself from FMP's index lists (S&P 500, Nasdaq, Dow Jones).
 */
export class MarketDataIngest extends Construct {
  readonly function: ServiceFunction;
  readonly apiKeySecret: secretsmanager.ISecret;
  readonly rule: events.Rule;
  /**
   * The environment of a function reading live prices from FMP: the key's secret and its share of
   * the plan's calls a minute (fmp-plan.ts). Such a function must also be granted the secret.
   */
  readonly readerEnvironment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: MarketDataIngestProps) {
    super(scope, id);

    this.apiKeySecret = props.apiKeySecret ?? this.createApiKeySecret();
    const shares = fmpCallShares(props.callsPerMinute ?? fmpCallsPerMinute(this));
    this.readerEnvironment = {
      [FMP_API_KEY_SECRET_ENV]: this.apiKeySecret.secretArn,
      [FMP_CALLS_PER_MINUTE_ENV]: String(shares.reader),
    };

    this.function = new ServiceFunction(this, 'Function', {
      entry: 'lambdas/ingest/handler.ts',
      description: 'Scheduled market-data ingest: FMP fundamentals into the stocks table',
      service: SERVICE.ingest,
      tables: [{ table: props.stocksTable, definition: STOCKS_TABLE, access: 'readWrite' }],
      // A run over hundreds of companies takes minutes; the handler stops starting companies a
      // minute before this and reports the rest.
      timeout: Duration.seconds(LAMBDA_TIMEOUT_SECONDS.ingest),
      environment: {
        [FMP_API_KEY_SECRET_ENV]: this.apiKeySecret.secretArn,
        [FMP_CALLS_PER_MINUTE_ENV]: String(shares.ingest),
        ...(props.symbols?.length ? { [INGEST_SYMBOLS_ENV]: props.symbols.join(',') } : {}),
      },
    });
    const fn = this.function.fn;
    this.apiKeySecret.grantRead(fn);
    // The next scheduled run is the retry: an automatic re-run of a failed 15-minute run would
    // only spend the provider quota again (failures are per company and logged).
    fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1) });

    this.rule = new events.Rule(this, 'Schedule', {
      description: 'Runs the StockScope market-data ingest',
      schedule:
        props.schedule ?? events.Schedule.cron({ minute: '15', hour: '*', weekDay: 'MON-FRI' }),
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
    });
  }

  private createApiKeySecret(): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, 'FmpApiKey', {
      description:
        'Financial Modeling Prep API key for the StockScope market-data ingest. Put the key here ' +
        '(plain text, or JSON {"apiKey": "…"}) in place of the placeholder.',
      // A placeholder rather than no value: CloudFormation would otherwise generate a random
      // string, which the function could not tell from a key. CloudFormation leaves the value
      // alone on later deployments, so the operator's key stays.
      secretStringValue: SecretValue.unsafePlainText(FMP_API_KEY_PLACEHOLDER),
      // The key is operator-entered state; replacing the stack must not delete it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The secret holds a third-party API key issued by Financial Modeling Prep; AWS cannot rotate it (no rotation Lambda can mint a new key at FMP), so it is rotated by hand in the FMP dashboard.',
    });
    new CfnOutput(this, 'FmpApiKeySecretName', {
      description: 'Secret to put the Financial Modeling Prep API key in',
      value: secret.secretName,
    });
    return secret;
  }
}
