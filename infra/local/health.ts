import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeUserPoolCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';

export type ComponentName = 'dynamodb' | 'identity' | 's3';

/**
 * One component: `up` answered in time; `slow` answered late, did not answer within the probe's
 * time, or was throttled (it may recover by itself: a busy machine, a paused process); `down` failed
 * (refused the connection, answered with an error).
 */
export interface ComponentHealth {
  readonly status: 'up' | 'slow' | 'down';
  readonly latencyMs: number;
  readonly error?: string;
}

/**
 * The stack: `up` when every component is; `degraded` while one is slow and none is down (the
 * product still answers, late or with 503 for what needs the slow one); `down` when one failed.
 */
export interface HealthReport {
  readonly status: 'up' | 'degraded' | 'down';
  readonly components: Record<ComponentName, ComponentHealth>;
}

/** A cheap real question to one component; resolves when it answered, rejects when it failed. */
export type Probe = () => Promise<unknown>;

export interface HealthLimits {
  /** An answer later than this makes the component slow. */
  readonly slowMs: number;
  /** Each probe's own limit: a probe still waiting then reports the component slow. */
  readonly timeoutMs: number;
}

/**
 * Under load (200 connections on two cores) a healthy emulator's answer can take over a second;
 * that is slow, not down. No probe waits longer than timeoutMs, so the report comes within it.
 */
export const HEALTH_LIMITS: HealthLimits = { slowMs: 1_000, timeoutMs: 2_500 };

/** Errors that mean "no answer yet" or "not now" rather than a failure. */
const SLOW_ERROR_NAMES = new Set(['TimeoutError', 'ThrottlingException', 'SlowDown']);

const NO_ANSWER = Symbol('no answer');

async function probe(check: Probe, limits: HealthLimits): Promise<ComponentHealth> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await Promise.race([
      check(),
      new Promise<typeof NO_ANSWER>((resolve) => {
        timer = setTimeout(() => resolve(NO_ANSWER), limits.timeoutMs);
      }),
    ]);
    if (answer === NO_ANSWER) {
      return {
        status: 'slow',
        latencyMs: elapsed(),
        error: `no answer within ${limits.timeoutMs} ms`,
      };
    }
    const latencyMs = elapsed();
    return { status: latencyMs > limits.slowMs ? 'slow' : 'up', latencyMs };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return {
      status: SLOW_ERROR_NAMES.has(name) ? 'slow' : 'down',
      latencyMs: elapsed(),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every probe at once, each with its own limit, and sums them up by the rules above. */
export async function checkComponents(
  probes: Record<ComponentName, Probe>,
  limits: HealthLimits = HEALTH_LIMITS,
): Promise<HealthReport> {
  const names = Object.keys(probes) as ComponentName[];
  const results = await Promise.all(names.map((name) => probe(probes[name], limits)));
  const components = Object.fromEntries(names.map((name, i) => [name, results[i]!])) as Record<
    ComponentName,
    ComponentHealth
  >;
  const statuses = results.map((r) => r.status);
  const status = statuses.includes('down') ? 'down' : statuses.includes('slow') ? 'degraded' : 'up';
  return { status, components };
}

export interface HealthProbes {
  readonly dynamodb: DynamoDBClient;
  readonly identity: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly s3: S3Client;
  readonly bucket: string;
}

/** Asks each emulator a cheap real API question. */
export function checkHealth(probes: HealthProbes): Promise<HealthReport> {
  return checkComponents({
    dynamodb: () => probes.dynamodb.send(new ListTablesCommand({ Limit: 1 })),
    identity: () =>
      probes.identity.send(new DescribeUserPoolCommand({ UserPoolId: probes.userPoolId })),
    s3: () => probes.s3.send(new HeadBucketCommand({ Bucket: probes.bucket })),
  });
}

/** The HTTP status of a report: only a failed component makes the stack unavailable. */
export const healthStatusCode = (report: HealthReport): number =>
  report.status === 'down' ? 503 : 200;
