/**
 * The names the functions and the stacks share: the environment that configures Powertools (set by
 * infra/aws/service-function.ts) and the business metrics the handlers emit, which the alarms and
 * the dashboard (infra/aws/operations) read. Pure constants, so the CDK app imports them without
 * loading Powertools.
 */

/** Powertools' own variables: the `service` of every log line and metric, and the namespace. */
export const POWERTOOLS_ENV = {
  serviceName: 'POWERTOOLS_SERVICE_NAME',
  metricsNamespace: 'POWERTOOLS_METRICS_NAMESPACE',
} as const;

/** The CloudWatch namespace of the product's business metrics. */
export const METRICS_NAMESPACE = 'StockScope';

/** Business metrics (EMF, unit Count); each carries the `service` dimension of its function. */
export const BUSINESS_METRIC = {
  /** A sign-in ended: dimension `outcome` is `success` (tokens issued) or `failure`. */
  signIn: 'SignIn',
  /** A one-time code went out by SMS (the sign-in's code step or a phone change). */
  otpSent: 'OtpSent',
  /** Companies written by one ingest run. */
  ingestSucceeded: 'IngestSucceeded',
  /** Companies an ingest run could not fetch, validate or write. */
  ingestFailed: 'IngestFailed',
  /**
   * What the provider's plan refused in one ingest run: one per endpoint and exchange (the run
   * record on the admin dashboard lists them with the provider's words).
   */
  ingestPlanRefused: 'IngestPlanRefused',
  /** A payment webhook event was handled: dimension `outcome` (see WebhookOutcome). */
  webhookEvent: 'WebhookEvent',
} as const;

/** The dimension that splits SignIn and WebhookEvent by how they ended. */
export const OUTCOME_DIMENSION = 'outcome';

export type SignInOutcome = 'success' | 'failure';

/**
 * How a payment webhook event ended: applied, a duplicate already handled (idempotency), refused
 * (bad signature or payload), or failed while applying it (the provider will retry).
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'rejected' | 'failed';

/** The services (the `service` dimension) whose metrics the alarms read. */
export const SERVICE = {
  signIn: 'sign-in',
  signUp: 'sign-up',
  account: 'account',
  ingest: 'ingest',
  /** The payment webhook's function (recordWebhookOutcome). */
  payments: 'payments',
} as const;
