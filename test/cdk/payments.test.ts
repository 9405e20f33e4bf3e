import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_SECRET_PLACEHOLDER } from '../../lambdas/adapters/stripe/aws-stripe';
import { SITE_URL_PARAMETER_NAME } from '../../infra/aws/payments';
import { actionsOf, roleStatements, type Statement } from './role-statements';
import { buildTestApp, type TestApp } from './synth';

let template: Template;
let stacks: TestApp['stacks'];

beforeAll(() => {
  stacks = buildTestApp({
    stripePriceMonthly: 'price_1Monthly',
    stripePriceYearly: 'price_1Yearly',
    emailFrom: 'billing@stockscope.app',
  }).stacks;
  template = Template.fromStack(stacks.stateless);
});

// CloudFormation properties are read loosely; each assertion says what it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resource = { Properties: Record<string, any> };
const logicalId = (path: string[]) => {
  let node = stacks.stateless.node;
  for (const part of path) node = node.findChild(part).node;
  return stacks.stateless.getLogicalId(node.defaultChild as never);
};
const webhookFn = () => logicalId(['Payments', 'WebhookFunction', 'Function']);
const subscriptionFn = () => logicalId(['SubscriptionFunction', 'Function']);
const fnResource = (id: string) => template.findResources('AWS::Lambda::Function')[id] as Resource;
const envOf = (id: string) =>
  fnResource(id).Properties.Environment.Variables as Record<string, unknown>;
const secretIds = () =>
  Object.fromEntries(
    Object.entries(template.findResources('AWS::SecretsManager::Secret'))
      .filter(([, r]) => JSON.stringify(r).includes('Stripe'))
      .map(([id, r]) => [
        (r as Resource).Properties.Description.includes('Signing secret') ? 'webhook' : 'apiKey',
        id,
      ]),
  ) as { webhook: string; apiKey: string };
const refOf = (id: string) => ({ Ref: id });
const statementsWith = (statements: Statement[], action: string) =>
  statements.filter((s) => actionsOf([s]).includes(action));

describe('payments in AWS', () => {
  it('keeps the Stripe key and signing secret in Secrets Manager, placeholders until set, retained', () => {
    const ids = secretIds();
    expect(Object.keys(ids).sort()).toEqual(['apiKey', 'webhook']);
    for (const id of Object.values(ids)) {
      const secret = template.findResources('AWS::SecretsManager::Secret')[id] as Resource & {
        DeletionPolicy: string;
      };
      expect(secret.Properties.SecretString).toBe(STRIPE_SECRET_PLACEHOLDER);
      expect(secret.DeletionPolicy).toBe('Retain');
    }
  });

  it('gives the functions the secrets’ ARNs, never a value, and the configured prices and sender', () => {
    const ids = secretIds();
    const webhook = envOf(webhookFn());
    expect(webhook.STRIPE_API_KEY_SECRET).toEqual(refOf(ids.apiKey));
    expect(webhook.STRIPE_WEBHOOK_SECRET).toEqual(refOf(ids.webhook));
    const subscription = envOf(subscriptionFn());
    expect(subscription.STRIPE_API_KEY_SECRET).toEqual(refOf(ids.apiKey));
    expect(subscription).not.toHaveProperty('STRIPE_WEBHOOK_SECRET');
    for (const env of [webhook, subscription]) {
      expect(env).toMatchObject({
        STRIPE_PRICE_PREMIUM_MONTHLY: 'price_1Monthly',
        STRIPE_PRICE_PREMIUM_YEARLY: 'price_1Yearly',
        EMAIL_FROM: 'billing@stockscope.app',
        SITE_URL_PARAMETER: SITE_URL_PARAMETER_NAME,
      });
      expect(JSON.stringify(env)).not.toMatch(/sk_(live|test)_|whsec_|REPLACE-WITH/);
    }
    expect(envOf(webhookFn()).POWERTOOLS_SERVICE_NAME).toBe('payments');
  });

  it('grants least privilege: each secret to whom needs it, one parameter, one sender', () => {
    const ids = secretIds();
    const webhook = roleStatements(template, webhookFn());
    const subscription = roleStatements(template, subscriptionFn());
    const secretResources = (statements: Statement[]) =>
      statementsWith(statements, 'secretsmanager:GetSecretValue').map((s) => s.Resource);
    expect(secretResources(webhook).sort()).toEqual([refOf(ids.apiKey), refOf(ids.webhook)].sort());
    // Besides Stripe's key, the provider's (a portfolio summary's quotes and bars).
    expect(secretResources(subscription)).toEqual([
      expect.objectContaining({ Ref: expect.stringMatching(/^MarketDataIngestFmpApiKey/) }),
      refOf(ids.apiKey),
    ]);
    for (const statements of [webhook, subscription]) {
      // Only the value: no DescribeSecret, no wildcard.
      expect(actionsOf(statements).filter((a) => a.startsWith('secretsmanager:'))).not.toContain(
        'secretsmanager:DescribeSecret',
      );
      const [ssm] = statementsWith(statements, 'ssm:GetParameter');
      expect(JSON.stringify(ssm!.Resource)).toContain(`parameter${SITE_URL_PARAMETER_NAME}`);
      const [ses] = statementsWith(statements, 'ses:SendEmail') as (Statement & {
        Condition: unknown;
      })[];
      expect(JSON.stringify(ses!.Resource)).toContain('identity/billing@stockscope.app');
      expect(ses!.Condition).toEqual({
        StringEquals: { 'ses:FromAddress': 'billing@stockscope.app' },
      });
    }
    // The webhook writes its event rows and the users' subscriptions, and deletes nothing.
    const dynamo = actionsOf(webhook).filter((a) => a.startsWith('dynamodb:'));
    expect(dynamo).toContain('dynamodb:UpdateItem');
    expect(dynamo).not.toContain('dynamodb:DeleteItem');
    expect(dynamo).not.toContain('dynamodb:BatchWriteItem');
    expect(JSON.stringify(webhook)).toMatch(/paymentWebhookEvents/i);
  });

  it('writes the site’s https origin (the distribution) to the parameter the functions read', () => {
    const [parameter] = Object.values(template.findResources('AWS::SSM::Parameter')) as Resource[];
    expect(parameter!.Properties.Name).toBe(SITE_URL_PARAMETER_NAME);
    expect(JSON.stringify(parameter!.Properties.Value)).toMatch(/https:\/\/.*DomainName/);
  });

  it('takes Stripe’s POST /webhook without a Cognito authorizer, and only that', () => {
    const apiId = logicalId(['Payments', 'WebhookApi', 'Api']);
    const methods = (
      Object.values(template.findResources('AWS::ApiGateway::Method')) as Resource[]
    ).filter((m) => JSON.stringify(m.Properties.RestApiId).includes(apiId));
    expect(methods.map((m) => [m.Properties.HttpMethod, m.Properties.AuthorizationType])).toEqual([
      ['POST', 'NONE'],
    ]);
    // The subscription API's routes all keep Cognito.
    const subscriptionApi = logicalId(['SubscriptionApi', 'Api']);
    const subscriptionMethods = (
      Object.values(template.findResources('AWS::ApiGateway::Method')) as Resource[]
    ).filter((m) => JSON.stringify(m.Properties.RestApiId).includes(subscriptionApi));
    expect(subscriptionMethods.length).toBeGreaterThan(10);
    for (const m of subscriptionMethods) {
      expect(m.Properties.AuthorizationType).toBe('COGNITO_USER_POOLS');
    }
  });

  it('alarms when an event fails to apply', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    const failures = alarms.find((a) =>
      String(a.Properties.AlarmName).includes('payment webhook failures'),
    );
    expect(JSON.stringify(failures)).toContain('WebhookEvent');
    expect(JSON.stringify(failures)).toContain('failed');
    expect(failures!.Properties.Threshold).toBe(1);
  });

  it('refuses a price id or sender that is not one', () => {
    expect(() => buildTestApp({ stripePriceMonthly: 'prod_123' })).toThrow(/stripePriceMonthly/);
    expect(() => buildTestApp({ emailFrom: 'not-an-address' })).toThrow(/emailFrom/);
  });
});
