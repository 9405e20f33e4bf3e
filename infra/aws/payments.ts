import {
  Annotations,
  CfnOutput,
  RemovalPolicy,
  SecretValue,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import * as z from 'zod';
import { routesOf } from '../../core/api/contract';
import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import { PAID_PLANS, type PaidPlan } from '../../core/subscription';
import { PAYMENT_WEBHOOK_EVENTS_TABLE, USERS_TABLE } from '../../core/tables';
import { EMAIL_FROM_ENV } from '../../lambdas/adapters/ses/email-sender';
import {
  SITE_URL_PARAMETER_ENV,
  STRIPE_API_KEY_SECRET_ENV,
  STRIPE_PRICE_ENV,
  STRIPE_SECRET_PLACEHOLDER,
  STRIPE_WEBHOOK_SECRET_ENV,
} from '../../lambdas/adapters/stripe/aws-stripe';
import { SERVICE } from '../../lambdas/shared/observability/names';
import { RouteTableApi } from './rest-api';
import { ServiceFunction } from './service-function';

/** CDK context: the Stripe Price of each paid plan (Stripe dashboard → Products → Premium). */
export const STRIPE_PRICE_CONTEXT: Readonly<Record<PaidPlan, string>> = {
  premium_monthly: 'stripePriceMonthly',
  premium_yearly: 'stripePriceYearly',
};
/** CDK context: the SES-verified address the product's e-mails come from. */
export const EMAIL_FROM_CONTEXT = 'emailFrom';
/** What a synth without that context uses (the local stand-in's price ids, a reserved domain). */
const DEFAULT_PRICES: Readonly<Record<PaidPlan, string>> = {
  premium_monthly: 'price_premium_monthly',
  premium_yearly: 'price_premium_yearly',
};
const DEFAULT_EMAIL_FROM = 'billing@stockscope.example';
/** Where the site's https origin is kept for the functions that send users back to it. */
export const SITE_URL_PARAMETER_NAME = '/stockscope/site-url';

export interface PaymentsProps {
  readonly usersTable: dynamodb.ITableV2;
  readonly webhookEventsTable: dynamodb.ITableV2;
}

/**
 * Stripe in AWS: the API key and the webhook signing secret in Secrets Manager (placeholders until
 * an operator sets them; never in the template or an environment), the Price ids and the sender
 * address from context, the site's URL in an SSM parameter, and the webhook: a function behind a
 * REST API without Cognito (Stripe's signature is the proof), routed same-origin by CloudFront.
 * `bindBilling` gives another function (the subscription API's) what checkout and billing need.
 */
export class Payments extends Construct {
  readonly apiKeySecret: secretsmanager.Secret;
  readonly webhookSecret: secretsmanager.Secret;
  readonly webhookFunction: ServiceFunction;
  readonly webhookApi: RouteTableApi;
  private readonly emailFrom: string;
  private readonly prices: Readonly<Record<PaidPlan, string>>;

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);
    this.prices = Object.fromEntries(
      PAID_PLANS.map((plan) => [
        plan,
        this.context(STRIPE_PRICE_CONTEXT[plan], DEFAULT_PRICES[plan], /^price_\w+$/),
      ]),
    ) as Record<PaidPlan, string>;
    this.emailFrom = this.context(EMAIL_FROM_CONTEXT, DEFAULT_EMAIL_FROM, z.email());
    this.apiKeySecret = this.secret(
      'StripeApiKey',
      'Stripe secret API key (sk_live_… or sk_test_…) for StockScope’s checkout and billing',
    );
    this.webhookSecret = this.secret(
      'StripeWebhookSecret',
      'Signing secret (whsec_…) of the StockScope webhook endpoint in Stripe (…/api/stripe/webhook)',
    );

    this.webhookFunction = new ServiceFunction(this, 'WebhookFunction', {
      entry: 'lambdas/stripe-webhook/handler.ts',
      description: 'Stripe webhook: verifies, claims once and applies subscription events',
      service: SERVICE.payments,
      tables: [
        // The user's record: its subscription (a conditional update), found by customer id.
        { table: props.usersTable, definition: USERS_TABLE, access: 'readPutUpdate' },
        // One row per event id: a conditional update claims it, another records its outcome.
        {
          table: props.webhookEventsTable,
          definition: PAYMENT_WEBHOOK_EVENTS_TABLE,
          access: 'readPutUpdate',
        },
      ],
      environment: { [STRIPE_WEBHOOK_SECRET_ENV]: this.webhookSecret.secretArn },
    });
    this.bindBilling(this.webhookFunction.fn);
    grantSecretValue(this.webhookFunction.fn, this.webhookSecret);

    this.webhookApi = new RouteTableApi(this, 'WebhookApi', {
      name: 'stockscope-stripe-webhook',
      description: 'StockScope Stripe webhook (no Cognito: the Stripe-Signature is verified)',
      routes: routesOf(STRIPE_WEBHOOK_API),
      handler: this.webhookFunction.fn,
      publicReason:
        'Stripe, not a user, calls the webhook, so there is no Cognito token to check; the handler verifies the Stripe-Signature on the raw body (stripe library, 300 s tolerance) and refuses anything else with 400. It is reachable only through CloudFront (origin header checked by the API web ACL).',
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
  }

  /**
   * What checkout and billing need: the Stripe key (read only), the prices, the site URL's
   * parameter (read only) and sending e-mail from the product's address only.
   */
  bindBilling(fn: lambda.Function): void {
    fn.addEnvironment(STRIPE_API_KEY_SECRET_ENV, this.apiKeySecret.secretArn);
    for (const plan of PAID_PLANS) fn.addEnvironment(STRIPE_PRICE_ENV[plan], this.prices[plan]);
    fn.addEnvironment(SITE_URL_PARAMETER_ENV, SITE_URL_PARAMETER_NAME);
    grantSecretValue(fn, this.apiKeySecret);
    const stack = Stack.of(this);
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        // Built from the name, not the parameter: the parameter names the distribution, which
        // names the APIs, which name these functions.
        resources: [
          stack.formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: SITE_URL_PARAMETER_NAME.slice(1),
          }),
        ],
      }),
    );
    this.grantSendEmail(fn);
  }

  /**
   * Sending e-mail from the product's address only (EMAIL_FROM): SES SendEmail on that identity
   * (or its domain's), conditional on the From address. Billing and the alert evaluator use it.
   */
  grantSendEmail(fn: lambda.Function): void {
    fn.addEnvironment(EMAIL_FROM_ENV, this.emailFrom);
    const stack = Stack.of(this);
    const domain = this.emailFrom.split('@')[1]!;
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        // The address's identity, or its domain's, whichever the operator verified.
        resources: [this.emailFrom, domain].map((identity) =>
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
        ),
        conditions: { StringEquals: { 'ses:FromAddress': this.emailFrom } },
      }),
    );
  }

  /** The site's origin, written where bindBilling's functions read it (set by the stack). */
  siteUrlParameter(siteUrl: string): ssm.StringParameter {
    return new ssm.StringParameter(this, 'SiteUrl', {
      parameterName: SITE_URL_PARAMETER_NAME,
      description: 'StockScope’s https origin: where Stripe sends users back after checkout',
      stringValue: siteUrl,
    });
  }

  private context(key: string, fallback: string, rule: RegExp | z.ZodType<string>): string {
    const value: unknown = this.node.tryGetContext(key);
    if (value === undefined || value === '') {
      Annotations.of(this).addWarningV2(
        `stockscope:${key}`,
        `Context ${key} is not set: using ${fallback}. Set it (-c ${key}=…) before a real deploy.`,
      );
      return fallback;
    }
    const ok = rule instanceof RegExp ? rule.test(String(value)) : rule.safeParse(value).success;
    if (!ok) throw new Error(`Context ${key} is not valid: ${String(value)}`);
    return String(value);
  }

  private secret(id: string, description: string): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, id, {
      description: `${description}. Put the value here in place of the placeholder.`,
      // A placeholder rather than no value: CloudFormation would otherwise generate a random
      // string the function could not tell from a key; later deployments leave the value alone.
      secretStringValue: SecretValue.unsafePlainText(STRIPE_SECRET_PLACEHOLDER),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Stripe issues this secret; AWS cannot mint a new one (no rotation Lambda can), so it is rolled in the Stripe dashboard and pasted here.',
    });
    new CfnOutput(this, `${id}SecretName`, {
      description: `Secret to put the ${description} in`,
      value: secret.secretName,
    });
    return secret;
  }
}

/** GetSecretValue on exactly this secret (grantRead would add DescribeSecret as well). */
function grantSecretValue(fn: lambda.IFunction, secret: secretsmanager.ISecret): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: [secret.secretArn],
    }),
  );
}
