import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { THRESHOLDS } from '../../infra/aws/operations/alarms';
import { buildTestApp, sharedTestApp } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let templates: Record<'stateful' | 'stateless' | 'edge', Template>;

beforeAll(() => {
  const { stacks } = sharedTestApp({ operatorEmail: 'ops@example.com' });
  templates = {
    stateful: Template.fromStack(stacks.stateful),
    stateless: Template.fromStack(stacks.stateless),
    edge: Template.fromStack(stacks.edge),
  };
});

const all = () => Object.values(templates);
const resourcesOf = (template: Template, type: string) =>
  Object.entries(template.findResources(type)) as [string, Resource][];
const alarmsOf = (template: Template) =>
  new Map(
    resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => [
      alarm.Properties.AlarmName as string,
      alarm.Properties,
    ]),
  );
/** The metric names an alarm or a dashboard reads, at any depth. */
const metricNames = (value: unknown) =>
  [...JSON.stringify(value).matchAll(/"?MetricName\\?"\s*:\s*\\?"(\w+)/g)].map((m) => m[1]);

/** CDK creates these while resolving the cross-region references, after any aspect ran. */
const CROSS_REGION_PROVIDERS =
  /^CustomCrossRegionExport(Writer|Reader)CustomResourceProviderHandler/;

describe('operability: logs, Powertools, alarms, dashboard', () => {
  it('gives every function a log group with a retention (CDK’s helpers too)', () => {
    let checked = 0;
    for (const template of all()) {
      const groups = template.findResources('AWS::Logs::LogGroup');
      for (const [id, fn] of resourcesOf(template, 'AWS::Lambda::Function')) {
        if (CROSS_REGION_PROVIDERS.test(id)) continue;
        const config = fn.Properties.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined;
        const group = groups[config?.LogGroup?.Ref ?? ''] as Resource | undefined;
        expect(group, `${id} has no log group of its own`).toBeDefined();
        expect(group!.Properties.RetentionInDays, id).toBeGreaterThan(0);
        checked += 1;
      }
    }
    // Thirteen product functions, CDK's LogRetention, BucketDeployment and AwsCustomResource
    // (the user-files bucket's CORS) helpers.
    expect(checked).toBe(16);
  });

  it('runs Powertools in each product function: its service, the StockScope namespace, JSON at INFO', () => {
    const services: string[] = [];
    for (const template of all()) {
      for (const [, fn] of resourcesOf(template, 'AWS::Lambda::Function')) {
        const env = (fn.Properties.Environment as { Variables?: Record<string, unknown> })
          ?.Variables;
        if (!env?.POWERTOOLS_SERVICE_NAME) continue;
        services.push(env.POWERTOOLS_SERVICE_NAME as string);
        expect(env.POWERTOOLS_METRICS_NAMESPACE).toBe('StockScope');
        expect(fn.Properties.LoggingConfig).toMatchObject({
          LogFormat: 'JSON',
          ApplicationLogLevel: 'INFO',
        });
      }
    }
    expect(services.sort()).toEqual(
      [
        'account',
        'admin-queries',
        'alerts',
        'asset',
        'graphql',
        'graphql-curation',
        'ingest',
        'payments',
        'sign-in',
        'sign-in',
        'sign-in',
        'sign-up',
        'subscription',
      ].sort(),
    );
  });

  it('alarms on each API’s 5xx rate and p99 latency', () => {
    const alarms = alarmsOf(templates.stateless);
    for (const api of [
      'asset',
      'subscription',
      'admin-queries',
      'account',
      'stripe-webhook',
      'graphql',
    ]) {
      const rate = alarms.get(`StockScope ${api} API 5xx rate`);
      expect(rate?.Threshold).toBe(THRESHOLDS.serverErrorRatePercent);
      expect(metricNames(rate)).toContain('5XXError');
      const p99 = alarms.get(`StockScope ${api} API p99 latency`);
      expect(metricNames(p99)).toEqual(['Latency']);
      expect(JSON.stringify(p99)).toContain('"Stat":"p99"');
    }
    // Each REST API's figures are its own: API Gateway keys them by the API's name.
    const apiNames = [...alarms.values()]
      .filter((alarm) => metricNames(alarm).includes('5XXError'))
      .map((alarm) => JSON.stringify(alarm).match(/"ApiName","Value":"([^"]+)"/)?.[1])
      .filter(Boolean);
    expect(new Set(apiNames).size).toBe(5);
    // REST: 5xx answers over all requests (metric math), not a bare count.
    expect(metricNames(alarms.get('StockScope asset API 5xx rate'))).toEqual(
      expect.arrayContaining(['5XXError', 'Count']),
    );
  });

  it('alarms on errors and throttles of every product function, and on table throttles', () => {
    const stateless = alarmsOf(templates.stateless);
    const stateful = alarmsOf(templates.stateful);
    for (const fn of [
      'asset',
      'graphql',
      'graphql-curation',
      'subscription',
      'admin-queries',
      'account',
      'ingest',
      'alerts',
    ]) {
      expect(metricNames(stateless.get(`StockScope ${fn} function errors`))).toEqual(['Errors']);
      expect(metricNames(stateless.get(`StockScope ${fn} function throttles`))).toEqual([
        'Throttles',
      ]);
    }
    for (const fn of [
      'define-auth-challenge',
      'create-auth-challenge',
      'verify-auth-challenge-response',
      'post-confirmation',
    ]) {
      expect(metricNames(stateful.get(`StockScope ${fn} function errors`))).toEqual(['Errors']);
      expect(metricNames(stateful.get(`StockScope ${fn} function throttles`))).toEqual([
        'Throttles',
      ]);
    }
    for (const table of ['stocks', 'payment webhook events', 'users']) {
      expect(metricNames(stateful.get(`StockScope ${table} table throttles`))).toEqual([
        'ReadThrottleEvents',
        'WriteThrottleEvents',
      ]);
    }
  });

  it('alarms on ingest failures, OTP send spikes and WAF blocks of each web ACL', () => {
    const ingest = alarmsOf(templates.stateless).get('StockScope ingest failures');
    expect(metricNames(ingest)).toEqual(['IngestSucceeded', 'IngestFailed']);
    // Any refusal by the provider's plan, in the ingest's own figures, to the operators' topic.
    const refused = alarmsOf(templates.stateless).get('StockScope ingest plan refusals');
    expect(metricNames(refused)).toEqual(['IngestPlanRefused']);
    expect(refused).toMatchObject({
      Threshold: THRESHOLDS.ingestPlanRefusals,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(JSON.stringify(refused)).toContain('"Namespace":"StockScope"');
    expect(JSON.stringify(refused)).toContain('{"Name":"service","Value":"ingest"}');
    expect(refused?.AlarmActions).toHaveLength(1);
    const otp = alarmsOf(templates.stateful).get('StockScope OTP send spike');
    expect(otp?.Threshold).toBe(THRESHOLDS.otpSentPer5Minutes);
    expect(JSON.stringify(otp)).toContain('"Namespace":"StockScope"');
    expect(metricNames(otp)).toEqual(['OtpSent', 'OtpSent']);
    const blocks = [
      [templates.edge, 'site', 'stockscope-site'],
      [templates.stateless, 'API', 'stockscope-api'],
      [templates.stateful, 'user pool', 'stockscope-user-pool'],
    ] as const;
    for (const [template, label, acl] of blocks) {
      const alarm = alarmsOf(template).get(`StockScope ${label} WAF blocks`);
      expect(metricNames(alarm)).toEqual(['BlockedRequests']);
      expect(JSON.stringify(alarm)).toContain(`"Value":"${acl}"`);
    }
  });

  it('sends every alarm, and its return to OK, to the encrypted operators’ topic of its region', () => {
    for (const [name, template] of Object.entries(templates)) {
      const topics = resourcesOf(
        name === 'stateless' ? templates.stateful : template,
        'AWS::SNS::Topic',
      );
      expect(topics).toHaveLength(1);
      const [[, topic]] = topics as [[string, Resource]];
      expect(topic.Properties.KmsMasterKeyId).toBeDefined();
      for (const [alarmName, alarm] of alarmsOf(template)) {
        expect(alarm.AlarmActions, alarmName).toHaveLength(1);
        expect(alarm.OKActions, alarmName).toEqual(alarm.AlarmActions);
      }
      if (name === 'stateless') continue;
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'ops@example.com',
      });
      const policy = JSON.stringify(template.findResources('AWS::SNS::TopicPolicy'));
      expect(policy).toContain('aws:SecureTransport');
    }
  });

  it('subscribes no one without an operator address, and refuses a malformed one', () => {
    const { stacks } = sharedTestApp();
    Template.fromStack(stacks.stateful).resourceCountIs('AWS::SNS::Subscription', 0);
    expect(() => buildTestApp({ operatorEmail: 'not-an-address' })).toThrow(/operatorEmail/);
  });

  it('draws the same figures on the StockScope dashboard', () => {
    const [[, dashboard]] = resourcesOf(templates.stateless, 'AWS::CloudWatch::Dashboard') as [
      [string, Resource],
    ];
    expect(dashboard.Properties.DashboardName).toBe('StockScope');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const figure of [
      '5XXError',
      'Latency',
      'Errors',
      'Throttles',
      'ReadThrottleEvents',
      'BlockedRequests',
      'SignIn',
      'OtpSent',
      'IngestFailed',
      'IngestPlanRefused',
      'WebhookEvent',
    ]) {
      expect(body).toContain(`\\"${figure}\\"`);
    }
    // All three web ACLs, the CloudFront one read in us-east-1.
    for (const acl of ['stockscope-site', 'stockscope-api', 'stockscope-user-pool']) {
      expect(body).toContain(acl);
    }
    expect(body).toContain('\\"region\\":\\"us-east-1\\"');
    expect(body).toContain('\\"type\\":\\"alarm\\"');
  });
});
