import { afterEach, describe, expect, it } from 'vitest';
import { asDeployed, lambdaContext } from '../testing/lambda-output';

let restore = () => {};
afterEach(() => restore());

/** The wrapper, logger and metrics as a deployed function loads them, with their output. */
async function deployed() {
  const loaded = await asDeployed(async () => ({
    ...(await import('./instrument')),
    ...(await import('./logger')),
    ...(await import('./metrics')),
  }));
  restore = loaded.restore;
  return loaded;
}

type Emf = {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] };
  [key: string]: unknown;
};
const emfBlobs = (lines: Record<string, unknown>[]) => lines.filter((l) => '_aws' in l) as Emf[];

describe('instrumented (the wrapper of every Lambda entry point)', () => {
  it('puts the request id and the service on every log line of the invocation', async () => {
    const { modules, output } = await deployed();
    const handler = modules.instrumented(async (event: { n: number }) => {
      modules.logger.info('working', { n: event.n });
      return event.n + 1;
    });
    await expect(handler({ n: 1 }, lambdaContext('req-1'))).resolves.toBe(2);
    const [line] = output.json();
    expect(line).toMatchObject({
      level: 'INFO',
      message: 'working',
      n: 1,
      service: 'sign-in',
      function_request_id: 'req-1',
      function_name: 'stockscope-test-function',
    });
  });

  it('logs an escaping error once, with the request id, and rethrows it', async () => {
    const { modules, output } = await deployed();
    const boom = new Error('the table is gone');
    const handler = modules.instrumented(async () => {
      throw boom;
    });
    await expect(handler({}, lambdaContext('req-2'))).rejects.toBe(boom);
    expect(output.json()).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'Invocation failed',
        function_request_id: 'req-2',
        error: expect.objectContaining({ name: 'Error', message: 'the table is gone' }),
      }),
    ]);
  });

  it('flushes the business metrics as EMF in the StockScope namespace, per service', async () => {
    const { modules, output } = await deployed();
    const sms = modules.countedAsOtpSends({ send: async () => {} });
    const handler = modules.instrumented(async () => {
      await sms.send('+15551234567', 'code');
      await sms.send('+15551234568', 'code');
      modules.recordIngest({ succeeded: 3, failed: 1, planRefusals: 2 });
      modules.recordSignIn('failure');
      modules.recordWebhookOutcome('duplicate');
    });
    await handler({}, lambdaContext());
    const blobs = emfBlobs(output.json());
    for (const blob of blobs) {
      expect(blob._aws.CloudWatchMetrics[0]!.Namespace).toBe('StockScope');
      expect(blob.service).toBe('sign-in');
    }
    // The single-metric ones carry their outcome; the buffered ones only the service.
    expect(blobs).toContainEqual(expect.objectContaining({ SignIn: 1, outcome: 'failure' }));
    expect(blobs).toContainEqual(
      expect.objectContaining({ WebhookEvent: 1, outcome: 'duplicate' }),
    );
    const buffered = blobs.find((b) => 'OtpSent' in b)!;
    expect(buffered).toMatchObject({ IngestSucceeded: 3, IngestFailed: 1, IngestPlanRefused: 2 });
    // Two sends in one invocation: both values are in the blob (CloudWatch sums them).
    expect([buffered.OtpSent].flat()).toEqual([1, 1]);
    expect(buffered._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service']]);
    expect(modules.metrics.hasStoredMetrics()).toBe(false);
  });

  it('prints nothing for an invocation that recorded no metric and logged nothing', async () => {
    const { modules, output } = await deployed();
    await modules.instrumented(async () => 'ok')({}, lambdaContext());
    expect(output.lines).toEqual([]);
  });

  it('does not count a code whose SMS failed', async () => {
    const { modules, output } = await deployed();
    const sms = modules.countedAsOtpSends({
      send: async () => {
        throw new Error('SNS is down');
      },
    });
    await expect(
      modules.instrumented(() => sms.send('+15551234567', 'x'))({}, lambdaContext()),
    ).rejects.toThrow('SNS is down');
    expect(emfBlobs(output.json())).toEqual([]);
  });
});
