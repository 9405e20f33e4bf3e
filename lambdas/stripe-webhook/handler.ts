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
import { composeStripeWebhookApi } from './compose';

// AWS adapters: the webhook verifies with the signing secret from Secrets Manager.
const api = lazy(() => {
  const client = documentClient();
  const { users, notices } = usersTableStores(client, requiredEnv(USERS_TABLE.envVar));
  return composeStripeWebhookApi({
    users,
    notices,
    events: new DynamoDbWebhookEvents(client, requiredEnv(PAYMENT_WEBHOOK_EVENTS_TABLE.envVar)),
    payments: awsStripePayments({ webhooks: true }),
    billing: { prices: awsStripePrices(), siteUrl: awsSiteUrl() },
    email: new SesEmailSender(requiredEnv(EMAIL_FROM_ENV)),
    onOutcome: recordWebhookOutcome,
  });
});

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
