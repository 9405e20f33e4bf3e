import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { SmsSender } from '../../ports/sms-sender';
import {
  BUSINESS_METRIC,
  OUTCOME_DIMENSION,
  type SignInOutcome,
  type WebhookOutcome,
} from './names';

/**
 * The function's one metrics buffer, written as CloudWatch EMF log lines when the handler wrapper
 * flushes it. Namespace and service come from the environment the stack sets; locally and in
 * tests POWERTOOLS_DEV turns publishing off, so nothing is printed and a missing namespace does
 * not matter.
 */
export const metrics = new Metrics();

/** Counts one ended sign-in, split by outcome. */
export function recordSignIn(outcome: SignInOutcome): void {
  withOutcome(BUSINESS_METRIC.signIn, outcome);
}

/** Counts one one-time code sent by SMS. */
export function recordOtpSent(): void {
  metrics.addMetric(BUSINESS_METRIC.otpSent, MetricUnit.Count, 1);
}

/** The sender, counting each message it delivered as one code sent (it texts only codes). */
export function countedAsOtpSends(sms: SmsSender): SmsSender {
  return {
    async send(phoneNumber, message) {
      await sms.send(phoneNumber, message);
      recordOtpSent();
    },
  };
}

/**
 * Counts the companies an ingest run wrote and those it could not, and what the provider's plan
 * refused (one per endpoint and exchange).
 */
export function recordIngest({
  succeeded,
  failed,
  planRefusals,
}: {
  succeeded: number;
  failed: number;
  planRefusals: number;
}): void {
  metrics.addMetric(BUSINESS_METRIC.ingestSucceeded, MetricUnit.Count, succeeded);
  metrics.addMetric(BUSINESS_METRIC.ingestFailed, MetricUnit.Count, failed);
  metrics.addMetric(BUSINESS_METRIC.ingestPlanRefused, MetricUnit.Count, planRefusals);
}

/** Counts one payment webhook event, split by how it ended (for the payments handler). */
export function recordWebhookOutcome(outcome: WebhookOutcome): void {
  withOutcome(BUSINESS_METRIC.webhookEvent, outcome);
}

// A dimension only this metric carries: Powertools' single-metric instance publishes it at once,
// with the service dimension, instead of adding `outcome` to every metric of the invocation.
function withOutcome(name: string, outcome: string): void {
  const single = metrics.singleMetric();
  single.addDimension(OUTCOME_DIMENSION, outcome);
  single.addMetric(name, MetricUnit.Count, 1);
}
