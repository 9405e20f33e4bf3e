import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LAMBDA_TIMEOUT_SECONDS } from '../../core/lambda-timeouts';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import type { Payments } from './payments';
import { ServiceFunction } from './service-function';

export interface AlertEvaluatorProps {
  readonly usersTable: dynamodb.ITableV2;
  readonly stocksTable: dynamodb.ITableV2;
  /** The provider key the quotes are fetched with (the ingest's secret). */
  readonly providerKey: secretsmanager.ISecret;
  /** The FMP reader's environment (MarketDataIngest.readerEnvironment): the key and its call share. */
  readonly providerEnvironment: Readonly<Record<string, string>>;
  /** Sends the alert e-mails from the product's address (the same restricted SES grant). */
  readonly payments: Payments;
}

/**
 * The alert evaluator: an EventBridge rule runs it each minute. Price alerts: it reads the armed
 * alerts and users' e-mails from the users table and writes fires and notices (conditional puts in
 * a transaction), reads the universe from the stocks table, quotes through the provider. Verdict
 * changes: it takes the symbols the ingest and curation marked in the stocks table, keeps their
 * last verdicts seen there, and tells the holders (the users table's index) once per change. It
 * e-mails through SES from the product's address only.
 */
export class AlertEvaluator extends Construct {
  readonly function: ServiceFunction;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: AlertEvaluatorProps) {
    super(scope, id);
    this.function = new ServiceFunction(this, 'Function', {
      entry: 'lambdas/alerts/handler.ts',
      description:
        'Price-alert evaluator: each minute, fires armed alerts and e-mails their notices',
      service: 'alerts',
      memorySize: 1024,
      tables: [
        // Deletes single items: a holders-index entry of a user who no longer holds the symbol.
        { table: props.usersTable, definition: USERS_TABLE, access: 'readWriteItems' },
        // Keeps the last verdicts seen and clears the marks of symbols it evaluated.
        { table: props.stocksTable, definition: STOCKS_TABLE, access: 'readWriteItems' },
      ],
      // Under the schedule's minute, so runs do not pile up (an overlap would still fire once).
      timeout: Duration.seconds(LAMBDA_TIMEOUT_SECONDS.alerts),
      environment: { ...props.providerEnvironment },
    });
    const fn = this.function.fn;
    props.providerKey.grantRead(fn);
    props.payments.grantSendEmail(fn);
    // The next minute's run is the retry: a late re-run would only evaluate stale quotes.
    fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });

    this.rule = new events.Rule(this, 'Schedule', {
      description: 'Runs the StockScope price-alert evaluator each minute',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 0 })],
    });
  }
}
