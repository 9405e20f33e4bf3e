import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { ServerReady } from './serve-in-child';

/** A server under test running in a child process of the bench. */
export interface ChildServer {
  readonly url: string;
  readonly pid: number;
  /** SIGTERM (the child stops its server and exits); killed, with its own children, on time-out. */
  stop(): Promise<void>;
}

export interface ChildServerOptions {
  /** Node options of the child besides tsx (e.g. --cpu-prof). */
  readonly execArgv?: readonly string[];
  readonly startTimeoutMs?: number;
  readonly stopTimeoutMs?: number;
}

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

const exited = (child: ReturnType<typeof fork>): Promise<unknown> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');

const timeout = (ms: number): Promise<'timeout'> =>
  new Promise((resolve) => setTimeout(resolve, ms, 'timeout').unref());

/** Kills a pid that may be gone already. */
function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs `entry` (a script that calls serveInChild) in a child Node process with tsx, hands it
 * `start` over IPC and resolves once it reports its server's URL.
 *
 * Why a child: autocannon's CPU work must not share an event loop with the server it measures, or
 * its own time is inside the measured latencies (and on 2 cores it takes one of them anyway).
 */
export async function startChildServer(
  entry: URL,
  start: unknown,
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    // 'advanced' carries Buffers (the bytes a bare server answers) as they are.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send(start as object);
  let ownPids: readonly number[] = [];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const done = await Promise.race([
      exited(child),
      timeout(options.stopTimeoutMs ?? STOP_TIMEOUT_MS),
    ]);
    if (done === 'timeout') {
      // A child that does not stop in time is killed, and what it started with it (DynamoDB
      // Local's JVM), which would otherwise outlive it.
      for (const pid of ownPids) kill(pid);
      kill(child.pid!);
      await exited(child);
    }
  };

  try {
    const ready = await Promise.race([
      once(child, 'message').then(([message]) => message as ServerReady),
      exited(child).then(() => {
        throw new Error(`${entry.pathname} exited before its server started`);
      }),
      timeout(options.startTimeoutMs ?? START_TIMEOUT_MS).then(() => {
        throw new Error(`${entry.pathname} did not start its server in time`);
      }),
    ]);
    if ('error' in ready) throw new Error(`${entry.pathname}: ${ready.error}`);
    ownPids = ready.pids;
    return { url: ready.url, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
