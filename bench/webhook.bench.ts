import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localWebhookTarget } from '../infra/local/payments';
import { startLocalStack } from '../infra/local/stack';
import {
  deliverAll,
  recordEventHistory,
  stackTables,
} from '../infra/local/stripe/testing/event-history';
import { percentile, type Figure } from './figures';

const CUSTOMERS = 50;
const EVENTS = 1_000;
/** Deliveries in flight at once (Stripe sends an endpoint's events in parallel). */
const CONCURRENCY = 8;

/**
 * The payment webhook on DynamoDB Local through the local server: 1,000 signed events the local
 * Stripe recorded for 50 users, delivered in parallel. Each event is verified, claimed with a
 * conditional write, read back from the (local) provider and stored: what one event costs end to
 * end, and how many the product applies per second.
 */
export async function benchWebhook(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-webhook-'));
  const stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: 5 });
  const tables = stackTables(stack);
  try {
    const history = await recordEventHistory(stack, {
      customers: CUSTOMERS,
      minEvents: EVENTS,
      seed: 7,
      prefix: 'bench',
    });
    await tables.reset(history.subs);
    const answers: number[] = [];
    const started = performance.now();
    const statuses = await deliverAll(
      localWebhookTarget(stack.url).url,
      history.events,
      CONCURRENCY,
      (ms) => answers.push(ms),
    );
    const seconds = (performance.now() - started) / 1000;
    const applied = (await tables.eventRows()).filter((row) => row.status !== 'failed').length;
    answers.sort((a, b) => a - b);
    return [
      {
        name: `webhook events applied per second (${CONCURRENCY} in flight)`,
        value: applied / seconds,
        unit: 'events/s',
      },
      { name: 'webhook answer p50', value: percentile(answers, 50), unit: 'ms' },
      { name: 'webhook answer p99', value: percentile(answers, 99), unit: 'ms' },
      {
        name: 'webhook deliveries not answered 2xx',
        value: statuses.filter((s) => s < 200 || s >= 300).length,
        unit: 'events',
        target: { op: '<=', value: 0 },
      },
    ];
  } finally {
    tables.client.destroy();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
