import type { ChildProcess } from 'node:child_process';

/** A child process the supervisor keeps running. */
export interface Supervised {
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export interface SupervisorOptions {
  /** What the log calls the process ("DynamoDB Local"). */
  readonly name: string;
  /** Waits before each restart: the first, doubling up to the last (default 0.5 s … 10 s). */
  readonly backoffMs?: { readonly first: number; readonly max: number };
  /** A run this long counts as healthy: the next crash waits the first delay again (default 60 s). */
  readonly stableMs?: number;
  readonly log?: (line: string) => void;
}

export interface Supervisor {
  /** The process running now (undefined between a crash and its restart). */
  current(): ChildProcess | undefined;
  /** How many times the process was restarted after it died. */
  restarts(): number;
  /** Stops the process and restarts no more. */
  stop(): Promise<void>;
}

/**
 * Keeps a child process running: when it dies without having been asked to stop (a crash, an OOM
 * kill, kill -9), starts it again with `start` — the same port and data — after a delay that
 * doubles while it keeps dying, so a process that cannot start does not spin the CPU. A failed
 * restart counts as another crash.
 */
export function supervise(
  first: Supervised,
  start: () => Promise<Supervised>,
  options: SupervisorOptions,
): Supervisor {
  const { first: firstDelay, max } = options.backoffMs ?? { first: 500, max: 10_000 };
  const stableMs = options.stableMs ?? 60_000;
  const log = options.log ?? (() => {});
  let running: Supervised | undefined = first;
  let stopped = false;
  let restarts = 0;
  let delay = firstDelay;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const restartLater = () => {
    if (stopped) return;
    if (Date.now() - startedAt >= stableMs) delay = firstDelay;
    const wait = delay;
    delay = Math.min(max, delay * 2);
    log(`${options.name} stopped unexpectedly; restarting in ${(wait / 1000).toFixed(1)} s…`);
    timer = setTimeout(() => {
      restarting = (async () => {
        try {
          const next = await start();
          if (stopped) return void (await next.stop());
          restarts++;
          startedAt = Date.now();
          watch(next);
          log(`${options.name} restarted.`);
        } catch (error) {
          log(`${options.name} did not start: ${error instanceof Error ? error.message : error}`);
          restartLater();
        }
      })();
    }, wait);
  };

  const watch = (child: Supervised) => {
    running = child;
    child.process.once('exit', () => {
      if (running !== child) return;
      running = undefined;
      restartLater();
    });
  };
  watch(first);

  return {
    current: () => running?.process,
    restarts: () => restarts,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await restarting;
      const child = running;
      running = undefined;
      await child?.stop();
    },
  };
}
