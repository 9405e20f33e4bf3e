import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../../core/auth-errors';
import { UNAVAILABLE_MESSAGE } from '../../core/domain-errors';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { createAccount, newAccount, stackConfig } from '../support/accounts';
import { signIn, type SignInTarget } from '../support/sign-in';

/**
 * DynamoDB Local stopped (SIGSTOP: it accepts connections and never answers) and killed (kill -9):
 * the APIs answer 503 with Retry-After within seconds, the identity service a plain message, the
 * health says degraded or down, and the stack restarts the emulator so the APIs recover by
 * themselves. A stack of the file's own: signalling the shared one would fail every other file.
 */
describe('a DynamoDB Local that stops answering', () => {
  const account = newAccount('outage');
  let dataDir = '';
  let stack: LocalStack;
  let target: SignInTarget;
  let idToken = '';

  const dynamoPid = () => {
    const pid = stack.childPids[0];
    if (pid === undefined) throw new Error('DynamoDB Local is not running');
    return pid;
  };
  const watchlists = async () => {
    const started = Date.now();
    const response = await fetch(`${stack.url}/api/subscription/watchlists`, {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    return { response, body: await response.text(), ms: Date.now() - started };
  };
  const health = async () => {
    const response = await fetch(`${stack.url}/api/health`);
    return { status: response.status, report: (await response.json()) as { status: string } };
  };
  const signInError = () =>
    signIn(target, account.email, account.password).then(
      () => undefined,
      // The text the sign-in screen shows (it unwraps a trigger's refusal the same way).
      (error: unknown) => errorMessage(error),
    );
  const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > deadline) return value;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-outage-'));
    stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: 5 });
    const config = await stackConfig(stack.url);
    await createAccount(config, account);
    target = {
      endpoint: config.identityEndpoint,
      userPoolId: config.userPoolId,
      clientId: config.userPoolClientId,
      outbox: stack.outbox,
    };
    idToken = (await signIn(target, account.email, account.password)).idToken;
    expect((await watchlists()).response.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    // A stopped process does not exit on SIGTERM: let it go on first.
    for (const pid of stack?.childPids ?? []) process.kill(pid, 'SIGCONT');
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After within seconds while it is stopped, and 200 once it goes on', async () => {
    const pid = dynamoPid();
    process.kill(pid, 'SIGSTOP');
    try {
      const { response, body, ms } = await watchlists();
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.parse(body)).toEqual({ message: UNAVAILABLE_MESSAGE });
      expect(ms).toBeLessThan(8_000);
      // Slow, not failed: the health says degraded and still answers 200.
      const stopped = await health();
      expect(stopped).toMatchObject({ status: 200, report: { status: 'degraded' } });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect((await watchlists()).response.status).toBe(200);
    expect((await health()).report.status).toBe('up');
  }, 60_000);

  it('is restarted after kill -9, and the APIs and sign-in recover by themselves', async () => {
    const pid = dynamoPid();
    process.kill(pid, 'SIGKILL');
    const refused = await watchlists();
    expect(refused.response.status).toBe(503);
    expect(refused.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    // What the sign-in screen would show: the plain message, never the connection's error.
    const message = await signInError();
    // (Unless the emulator was back already: the restart waits half a second, then the JVM starts.)
    if (message !== undefined) expect(message).toBe(UNAVAILABLE_MESSAGE);

    const recovered = await eventually(watchlists, (r) => r.response.status === 200, 60_000);
    expect(recovered.response.status).toBe(200);
    expect(dynamoPid()).not.toBe(pid);
    expect(await signInError()).toBeUndefined();
    expect((await health()).report.status).toBe('up');
  }, 90_000);
});
