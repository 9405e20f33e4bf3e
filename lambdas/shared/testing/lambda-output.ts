import type { Context } from 'aws-lambda';
import { vi } from 'vitest';

/** A Lambda context as the runtime passes it, with the request id the log lines must carry. */
export function lambdaContext(awsRequestId = 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef'): Context {
  return {
    awsRequestId,
    functionName: 'stockscope-test-function',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-2:123456789012:function:stockscope-test-function',
    memoryLimitInMB: '256',
    logGroupName: '/aws/lambda/stockscope-test-function',
    logStreamName: '2026/01/02/[$LATEST]abcdef',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => 5_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface LambdaOutput {
  /** Everything written to stdout and stderr, one entry per line. */
  readonly lines: string[];
  /** The lines that are JSON objects (log items and EMF blobs), parsed. */
  json(): Record<string, unknown>[];
}

/**
 * Loads modules as a deployed function does (POWERTOOLS_DEV unset, the stack's Powertools
 * environment) and captures what they write to stdout and stderr, which is what CloudWatch Logs
 * receives. `load` must import the modules under test dynamically, after the reset.
 */
export async function asDeployed<T>(
  load: () => Promise<T>,
  env: Record<string, string> = {},
): Promise<{ modules: T; output: LambdaOutput; restore: () => void }> {
  vi.stubEnv('POWERTOOLS_DEV', 'false');
  vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'sign-in');
  vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'StockScope');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const modules = await load();
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  const output: LambdaOutput = {
    lines,
    json: () =>
      lines.flatMap((line) => {
        try {
          const value = JSON.parse(line) as unknown;
          return typeof value === 'object' && value !== null
            ? [value as Record<string, unknown>]
            : [];
        } catch {
          return [];
        }
      }),
  };
  return {
    modules,
    output,
    restore: () => {
      out.mockRestore();
      err.mockRestore();
      vi.unstubAllEnvs();
    },
  };
}
