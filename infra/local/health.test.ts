import { describe, expect, it } from 'vitest';
import { checkComponents, healthStatusCode, type HealthLimits } from './health';

const limits: HealthLimits = { slowMs: 50, timeoutMs: 150 };
const after = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));
const never = () => new Promise(() => {});
const refused = () =>
  Promise.reject(
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
  );
const timedOut = () =>
  Promise.reject(Object.assign(new Error('no answer'), { name: 'TimeoutError' }));

describe('checkComponents', () => {
  it('is up, 200, when every component answers in time', async () => {
    const report = await checkComponents(
      { dynamodb: after(0), identity: after(0), s3: after(0) },
      limits,
    );
    expect(report.status).toBe('up');
    expect(healthStatusCode(report)).toBe(200);
  });

  it('is degraded, still 200, while a component answers late', async () => {
    const report = await checkComponents(
      { dynamodb: after(0), identity: after(0), s3: after(90) },
      limits,
    );
    expect(report.status).toBe('degraded');
    expect(report.components.s3.status).toBe('slow');
    expect(report.components.dynamodb.status).toBe('up');
    expect(healthStatusCode(report)).toBe(200);
  });

  it('is degraded when a component does not answer, and answers within the probe limit', async () => {
    const started = Date.now();
    const report = await checkComponents(
      { dynamodb: never, identity: timedOut, s3: after(0) },
      limits,
    );
    expect(Date.now() - started).toBeLessThan(limits.timeoutMs + 100);
    expect(report.status).toBe('degraded');
    expect(report.components.dynamodb).toMatchObject({
      status: 'slow',
      error: 'no answer within 150 ms',
    });
    expect(report.components.identity.status).toBe('slow');
  });

  it('is down, 503, only when a component failed', async () => {
    const report = await checkComponents(
      { dynamodb: refused, identity: never, s3: after(0) },
      limits,
    );
    expect(report.status).toBe('down');
    expect(report.components.dynamodb.status).toBe('down');
    expect(report.components.identity.status).toBe('slow');
    expect(healthStatusCode(report)).toBe(503);
  });
});
