import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import {
  BUSINESS_METRIC,
  METRICS_NAMESPACE,
  OUTCOME_DIMENSION,
  SERVICE,
  type SignInOutcome,
  type WebhookOutcome,
} from '../../../lambdas/shared/observability/names';
import type { WebAcl } from '../web-acl';

/**
 * The figures operators watch, defined once: the alarms (alarms.ts) and the dashboard
 * (dashboard.ts) draw the same metrics. Every figure is over 5 minutes unless it says otherwise.
 */
export const PERIOD = Duration.minutes(5);

/** A metric id unique to the figure, since a graph may show several that combine metrics. */
const idOf = (prefix: string, label: string) =>
  `${prefix}_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/** 5xx answers of a REST API as a percentage of its requests, once there are at least 5. */
export function restApiServerErrorRate(label: string, api: apigateway.RestApi): cloudwatch.IMetric {
  const [errors, requests] = [idOf('errors', label), idOf('requests', label)];
  return new cloudwatch.MathExpression({
    // A handful of errors among few requests is not a rate worth waking anyone for.
    expression: `IF(${errors} >= 5, 100 * ${errors} / ${requests}, 0)`,
    usingMetrics: {
      [errors]: api.metricServerError({ period: PERIOD, statistic: 'Sum' }),
      [requests]: api.metricCount({ period: PERIOD, statistic: 'SampleCount' }),
    },
    period: PERIOD,
    label: `${label} 5xx (% of requests)`,
  });
}

export function restApiLatencyP99(label: string, api: apigateway.RestApi): cloudwatch.IMetric {
  return api.metricLatency({ period: PERIOD, statistic: 'p99', label: `${label} p99 (ms)` });
}

const appSync = (api: appsync.IGraphqlApi, metricName: string, statistic: string, label: string) =>
  new cloudwatch.Metric({
    namespace: 'AWS/AppSync',
    metricName,
    dimensionsMap: { GraphQLAPIId: api.apiId },
    period: PERIOD,
    statistic,
    label,
  });

/** AppSync's 5XXError is 0 or 1 per request, so its average is the error rate. */
export function graphqlServerErrorRate(
  label: string,
  api: appsync.IGraphqlApi,
): cloudwatch.IMetric {
  const errors = idOf('errors', label);
  return new cloudwatch.MathExpression({
    expression: `100 * ${errors}`,
    usingMetrics: { [errors]: appSync(api, '5XXError', 'Average', 'errors') },
    period: PERIOD,
    label: `${label} 5xx (% of requests)`,
  });
}

export function graphqlLatencyP99(label: string, api: appsync.IGraphqlApi): cloudwatch.IMetric {
  return appSync(api, 'Latency', 'p99', `${label} p99 (ms)`);
}

export const functionErrors = (label: string, fn: lambda.IFunction) =>
  fn.metricErrors({ period: PERIOD, statistic: 'Sum', label: `${label} errors` });

export const functionThrottles = (label: string, fn: lambda.IFunction) =>
  fn.metricThrottles({ period: PERIOD, statistic: 'Sum', label: `${label} throttles` });

/** Reads and writes DynamoDB throttled (on-demand tables throttle only past partition limits). */
export function tableThrottles(label: string, table: dynamodb.ITableV2): cloudwatch.IMetric {
  const events = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/DynamoDB',
      metricName,
      dimensionsMap: { TableName: table.tableName },
      period: PERIOD,
      statistic: 'Sum',
    });
  const [reads, writes] = [idOf('reads', label), idOf('writes', label)];
  return new cloudwatch.MathExpression({
    expression: `${reads} + ${writes}`,
    usingMetrics: {
      [reads]: events('ReadThrottleEvents'),
      [writes]: events('WriteThrottleEvents'),
    },
    period: PERIOD,
    label: `${label} throttled`,
  });
}

const business = (
  metricName: string,
  service: string,
  period = PERIOD,
  extra: Record<string, string> = {},
) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service, ...extra },
    period,
    statistic: 'Sum',
  });

/** Codes texted: the sign-in's code step and phone changes together. */
export function otpSent(): cloudwatch.IMetric {
  return new cloudwatch.MathExpression({
    expression: 'FILL(signIn, 0) + FILL(account, 0)',
    usingMetrics: {
      signIn: business(BUSINESS_METRIC.otpSent, SERVICE.signIn),
      account: business(BUSINESS_METRIC.otpSent, SERVICE.account),
    },
    period: PERIOD,
    label: 'codes sent by SMS',
  });
}

export const signIns = (outcome: SignInOutcome) =>
  business(BUSINESS_METRIC.signIn, SERVICE.signIn, PERIOD, { [OUTCOME_DIMENSION]: outcome }).with({
    label: `sign-ins: ${outcome}`,
  });

/** The ingest runs hourly: an hour holds one run. */
const INGEST_PERIOD = Duration.hours(1);

export const ingestCompanies = (which: 'ingestSucceeded' | 'ingestFailed') =>
  business(BUSINESS_METRIC[which], SERVICE.ingest, INGEST_PERIOD).with({
    label: which === 'ingestSucceeded' ? 'companies ingested' : 'companies failed',
  });

/** What the provider's plan refused in the hour's run: one per endpoint and exchange. */
export const ingestPlanRefused = () =>
  business(BUSINESS_METRIC.ingestPlanRefused, SERVICE.ingest, INGEST_PERIOD).with({
    label: 'refused by the data plan (endpoint × exchange)',
  });

/** The share of companies a run could not ingest, in percent. */
export function ingestFailureRate(): cloudwatch.IMetric {
  return new cloudwatch.MathExpression({
    expression: 'IF(ok + failed > 0, 100 * failed / (ok + failed), 0)',
    usingMetrics: {
      ok: ingestCompanies('ingestSucceeded'),
      failed: ingestCompanies('ingestFailed'),
    },
    period: INGEST_PERIOD,
    label: 'ingest failures (% of companies)',
  });
}

export const webhookEvents = (outcome: WebhookOutcome) =>
  business(BUSINESS_METRIC.webhookEvent, SERVICE.payments, PERIOD, {
    [OUTCOME_DIMENSION]: outcome,
  }).with({ label: `webhook events: ${outcome}` });

/**
 * Requests a web ACL blocked. CloudFront-scope ACLs report in us-east-1 without a Region
 * dimension; regional ones carry their region.
 */
export function wafBlocked(acl: WebAcl): cloudwatch.Metric {
  const region = acl.scope === 'CLOUDFRONT' ? 'us-east-1' : Stack.of(acl).region;
  return new cloudwatch.Metric({
    namespace: 'AWS/WAFV2',
    metricName: 'BlockedRequests',
    dimensionsMap: {
      WebACL: acl.name,
      Rule: 'ALL',
      ...(acl.scope === 'REGIONAL' ? { Region: region } : {}),
    },
    region,
    period: PERIOD,
    statistic: 'Sum',
    label: `${acl.name} blocked`,
  });
}
