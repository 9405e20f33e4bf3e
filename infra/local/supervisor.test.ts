import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { stopChild } from './dynamodb-local';
import { supervise, type Supervised, type Supervisor } from './supervisor';

/** A child that runs until it is stopped, as an emulator does. */
const startIdle = async (): Promise<Supervised> => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
  });
  await once(child, 'spawn');
  return { process: child, stop: () => stopChild(child) };
};

const waitFor = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('supervise', () => {
  let supervisor: Supervisor | undefined;
  afterEach(async () => {
    await supervisor?.stop();
    supervisor = undefined;
  });

  it('restarts a child that was killed, and again after the next kill', async () => {
    const lines: string[] = [];
    supervisor = supervise(await startIdle(), startIdle, {
      name: 'emulator',
      backoffMs: { first: 10, max: 40 },
      log: (line) => lines.push(line),
    });
    const first = supervisor.current()!;
    first.kill('SIGKILL');
    await waitFor(() => supervisor!.restarts() === 1);
    const second = supervisor.current()!;
    expect(second.pid).not.toBe(first.pid);
    second.kill('SIGKILL');
    await waitFor(() => supervisor!.restarts() === 2);
    expect(lines.filter((l) => l.includes('restarted'))).toHaveLength(2);
  });

  it('waits longer while restarts keep failing, then starts again', async () => {
    let failures = 2;
    const attempts: number[] = [];
    supervisor = supervise(
      await startIdle(),
      async () => {
        attempts.push(Date.now());
        if (failures-- > 0) throw new Error('port in use');
        return startIdle();
      },
      { name: 'emulator', backoffMs: { first: 50, max: 1_000 } },
    );
    supervisor.current()!.kill('SIGKILL');
    await waitFor(() => supervisor!.restarts() === 1);
    expect(attempts).toHaveLength(3);
    const [a, b, c] = attempts as [number, number, number];
    expect(c - b).toBeGreaterThanOrEqual((b - a) * 1.5);
  });

  it('does not restart what it was asked to stop', async () => {
    supervisor = supervise(await startIdle(), startIdle, {
      name: 'emulator',
      backoffMs: { first: 10, max: 10 },
    });
    const child = supervisor.current()!;
    await supervisor.stop();
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(supervisor.current()).toBeUndefined();
    expect(supervisor.restarts()).toBe(0);
  });
});
