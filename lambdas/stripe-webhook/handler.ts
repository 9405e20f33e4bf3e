import type { APIGatewayProxyEvent } from 'aws-lambda';
import { PAYMENT_WEBHOOK_EVENTS_TABLE, USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { DynamoDbWebhookEvents } from '../adapters/dynamodb/webhook-events';
import { EMAIL_FROM_ENV, SesEmailSender } from '../adapters/ses/email-sender';
import { awsSiteUrl, awsStripePayments, awsStripePrices } from '../adapters/stripe/aws-stripe';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { recordWebhookOutcome } from '../shared/observability/metrics';
import { traced } from '../shared/observability/tracing';
import { BillingService } from '../subscription/billing-service';
import { createStripeWebhookApi } from './app';

// AWS composition: the webhook verifies with the signing secret from Secrets Manager.
const api = lazy(() => {
  const client = documentClient();
  const { users } = usersTableStores(client, requiredEnv(USERS_TABLE.envVar));
  const payments = awsStripePayments({ webhooks: true });
  const billing = new BillingService({
    users,
    payments,
    email: new SesEmailSender(requiredEnv(EMAIL_FROM_ENV)),
    config: { prices: awsStripePrices(), siteUrl: awsSiteUrl() },
  });
  const events = new DynamoDbWebhookEvents(
    client,
    requiredEnv(PAYMENT_WEBHOOK_EVENTS_TABLE.envVar),
  );
  return createStripeWebhookApi({ payments, billing, events, onOutcome: recordWebhookOutcome });
});

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
