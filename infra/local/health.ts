import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeUserPoolCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';

export type ComponentName = 'dynamodb' | 'identity' | 's3';

export interface ComponentHealth {
  readonly status: 'up' | 'down';
  readonly latencyMs: number;
  readonly error?: string;
}

export interface HealthReport {
  readonly status: 'up' | 'down';
  readonly components: Record<ComponentName, ComponentHealth>;
}

export interface HealthProbes {
  readonly dynamodb: DynamoDBClient;
  readonly identity: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly s3: S3Client;
  readonly bucket: string;
}

const PROBE_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<ComponentHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
          PROBE_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      status: 'down',
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Asks each emulator a cheap real API question; the stack is up only when all answer. */
export async function checkHealth(probes: HealthProbes): Promise<HealthReport> {
  const [dynamodb, identity, s3] = await Promise.all([
    probe(() => probes.dynamodb.send(new ListTablesCommand({ Limit: 1 }))),
    probe(() =>
      probes.identity.send(new DescribeUserPoolCommand({ UserPoolId: probes.userPoolId })),
    ),
    probe(() => probes.s3.send(new HeadBucketCommand({ Bucket: probes.bucket }))),
  ]);
  const components = { dynamodb, identity, s3 };
  const allUp = Object.values(components).every((c) => c.status === 'up');
  return { status: allUp ? 'up' : 'down', components };
}
