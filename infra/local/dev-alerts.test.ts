import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { handleDevAlertRun } from './dev-alerts';

const request = (method: string, body: string) =>
  Object.assign(Readable.from([Buffer.from(body)]), {
    method,
    headers: {},
  }) as unknown as IncomingMessage;

const result = { users: 1, armed: 2, fired: 1, emailed: 1 };

describe('POST /dev/alerts/run', () => {
  it('runs the evaluator priced as of the given instant and answers its result', async () => {
    const run = vi.fn(async () => result);
    const answer = await handleDevAlertRun(
      request('POST', JSON.stringify({ at: '2026-11-30T15:00:00Z' })),
      run,
    );
    expect(answer).toEqual({ status: 200, body: result });
    expect(run).toHaveBeenCalledWith(Date.parse('2026-11-30T15:00:00Z'));
  });

  it("runs one user's alerts only when an e-mail names them, and answers 404 for nobody", async () => {
    const run = vi.fn(async (_at: number | undefined, email?: string) =>
      email === 'ann@example.com' ? result : undefined,
    );
    const ann = { at: '2026-11-30T15:00:00Z', email: 'ann@example.com' };
    expect(await handleDevAlertRun(request('POST', JSON.stringify(ann)), run)).toEqual({
      status: 200,
      body: result,
    });
    expect(run).toHaveBeenCalledWith(Date.parse(ann.at), 'ann@example.com');
    const nobody = JSON.stringify({ email: 'nobody@example.com' });
    expect(await handleDevAlertRun(request('POST', nobody), run)).toEqual({
      status: 404,
      body: { message: 'No user has that e-mail address' },
    });
    expect((await handleDevAlertRun(request('POST', '{"email": "ann"}'), run)).status).toBe(400);
  });

  it('runs it now without an instant', async () => {
    const run = vi.fn(async () => result);
    expect((await handleDevAlertRun(request('POST', '{}'), run)).status).toBe(200);
    expect(run).toHaveBeenCalledWith(undefined);
  });

  it.each([
    ['GET', '{}', 405, 'Use POST'],
    ['POST', '{"at": "next monday"}', 400, 'at must be an ISO 8601 instant'],
    ['POST', '[', 400, 'The body must be JSON: {"at": "2026-11-30T15:00:00Z"}'],
  ])('%s %s → %i with a clear message', async (method, body, status, message) => {
    const run = vi.fn(async () => result);
    expect(await handleDevAlertRun(request(method, body), run)).toEqual({
      status,
      body: { message },
    });
    expect(run).not.toHaveBeenCalled();
  });
});
