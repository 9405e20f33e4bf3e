import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { WebAcl } from '../web-acl';
import * as figures from './figures';

/** What counts as trouble. Numbers for a young product; tune them as traffic grows. */
export const THRESHOLDS = {
  /** % of an API's requests answered 5xx over 5 minutes (from 5 errors up). */
  serverErrorRatePercent: 5,
  /** p99 latency held for 15 minutes. */
  p99LatencyMs: 3_000,
  /**
   * Codes texted in 5 minutes. The caps allow 5 per user per 15 minutes, so this is dozens of
   * people signing in at once, or someone pumping SMS through the sign-in (SMS fraud costs money).
   */
  otpSentPer5Minutes: 50,
  /** % of companies one ingest run could not fetch, check or write. */
  ingestFailureRatePercent: 10,
  /**
   * Endpoint × exchange pairs the provider's plan refused in one run: any. A refusal does not
   * heal by retrying; only a plan change or a smaller universe ends it.
   */
  ingestPlanRefusals: 1,
} as const;

export interface AlarmsProps {
  /** Where every alarm (and its return to OK) is sent. */
  readonly topic: sns.ITopic;
}

/**
 * The alarms of one stack, each notifying the operators' topic when it fires and when it clears.
 * Names start with "StockScope" so the CloudWatch console lists them together.
 */
export class OperationsAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly action: actions.SnsAction;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.action = new actions.SnsAction(props.topic);
  }

  /** 5xx rate and p99 latency of a REST API. */
  restApi(label: string, api: apigateway.RestApi): void {
    this.serverErrorsAndLatency(
      label,
      figures.restApiServerErrorRate(label, api),
      figures.restApiLatencyP99(label, api),
    );
  }

  /** 5xx rate and p99 latency of the GraphQL API. */
  graphqlApi(label: string, api: appsync.IGraphqlApi): void {
    this.serverErrorsAndLatency(
      label,
      figures.graphqlServerErrorRate(label, api),
      figures.graphqlLatencyP99(label, api),
    );
  }

  /** Any error (a crash or time-out: the handlers answer expected failures) or throttle. */
  lambdaFunction(label: string, fn: lambda.IFunction): void {
    this.add(`${label} function errors`, figures.functionErrors(label, fn), {
      threshold: 1,
      description: `The ${label} function failed invocations (crash or time-out). Its log group has the error lines with their request ids.`,
    });
    this.add(`${label} function throttles`, figures.functionThrottles(label, fn), {
      threshold: 1,
      description: `Lambda throttled the ${label} function: the account's concurrency is exhausted or a limit is set.`,
    });
  }

  table(label: string, table: dynamodb.ITableV2): void {
    this.add(`${label} table throttles`, figures.tableThrottles(label, table), {
      threshold: 1,
      description: `DynamoDB throttled reads or writes on the ${label} table (a hot partition or an account limit).`,
    });
  }

  webAcl(label: string, acl: WebAcl, blockedPer5Minutes: number): void {
    this.add(`${label} WAF blocks`, figures.wafBlocked(acl), {
      threshold: blockedPer5Minutes,
      description: `The ${acl.name} web ACL blocked at least ${blockedPer5Minutes} requests in 5 minutes; its log group aws-waf-logs-${acl.name} shows which rule and which addresses.`,
    });
  }

  otpSendSpike(): void {
    this.add('OTP send spike', figures.otpSent(), {
      threshold: THRESHOLDS.otpSentPer5Minutes,
      description: `At least ${THRESHOLDS.otpSentPer5Minutes} codes were texted in 5 minutes: a rush of sign-ins or SMS pumping. Check the user-pool WAF blocks and SNS spend.`,
    });
  }

  ingestFailures(): void {
    this.add('ingest failures', figures.ingestFailureRate(), {
      threshold: THRESHOLDS.ingestFailureRatePercent,
      description: `An ingest run failed for at least ${THRESHOLDS.ingestFailureRatePercent}% of the companies; its "market-data ingest finished" log line lists each symbol and reason.`,
    });
  }

  ingestPlanRefusals(): void {
    this.add('ingest plan refusals', figures.ingestPlanRefused(), {
      threshold: THRESHOLDS.ingestPlanRefusals,
      description:
        'The FMP plan refused endpoints in the last ingest run (companies stored without a part, or not at all). The admin dashboard\'s "Refused by the data plan" lists each endpoint and exchange with FMP\'s words, as does the run\'s "market-data ingest finished" log line; upgrade the plan or narrow the universe (INGEST_SYMBOLS).',
    });
  }

  webhookFailures(): void {
    this.add('payment webhook failures', figures.webhookEvents('failed'), {
      threshold: 1,
      description:
        'A Stripe event failed to apply (answered 5xx; Stripe retries it for up to 3 days). Its row in the payment-webhook-events table has status "failed" and the error; the webhook function\'s log has the stack.',
    });
  }

  private serverErrorsAndLatency(
    label: string,
    errorRate: cloudwatch.IMetric,
    p99: cloudwatch.IMetric,
  ): void {
    this.add(`${label} API 5xx rate`, errorRate, {
      threshold: THRESHOLDS.serverErrorRatePercent,
      description: `At least ${THRESHOLDS.serverErrorRatePercent}% of the ${label} API's requests got a 5xx answer in 5 minutes. Look for "Unhandled error" in its function's log group.`,
    });
    this.add(`${label} API p99 latency`, p99, {
      threshold: THRESHOLDS.p99LatencyMs,
      // Latency percentiles of a quiet API jump; only a slow quarter of an hour is a finding.
      evaluationPeriods: 3,
      description: `The ${label} API's p99 latency stayed above ${THRESHOLDS.p99LatencyMs} ms for 15 minutes; X-Ray's trace map shows the slow part.`,
    });
  }

  private add(
    name: string,
    metric: cloudwatch.IMetric,
    options: { threshold: number; description: string; evaluationPeriods?: number },
  ): void {
    const id = name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) =>
      (c ?? '').toUpperCase(),
    );
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `StockScope ${name}`,
      alarmDescription: options.description,
      metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No data is no traffic (or no run): nothing is wrong.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
  }
}
