/** What a child reports once its server listens (or why it could not start one). */
export type ServerReady =
  { readonly url: string; readonly pids: readonly number[] } | { readonly error: string };

export interface Served {
  readonly url: string;
  /** Processes the server started (DynamoDB Local's JVM): killed with the child on a time-out. */
  readonly pids?: readonly number[];
  stop(): Promise<void>;
}

/**
 * The child's side of startChildServer (child-server.ts): waits for its start options over IPC,
 * starts the server, reports its URL, and on SIGTERM or SIGINT — or when the bench goes away —
 * stops it and exits (normally, so `--cpu-prof` writes its profile).
 */
export function serveInChild<T>(start: (options: T) => Promise<Served>): void {
  let served: Served | undefined;
  let stopRequested = false;
  const stop = async () => {
    stopRequested = true;
    if (!served) return; // Stopped as soon as it has started (below).
    const stopping = served;
    served = undefined;
    await stopping.stop().catch((error: unknown) => console.error('Stopping failed', error));
    process.exit(0);
  };
  // Installed before starting: a SIGTERM during start-up must not leave the emulators running.
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('disconnect', () => void stop());

  process.once('message', (options) => {
    start(options as T).then(
      (server) => {
        served = server;
        if (stopRequested) return void stop();
        const ready: ServerReady = { url: server.url, pids: server.pids ?? [] };
        process.send?.(ready);
      },
      (error: unknown) => {
        const ready: ServerReady = {
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
        // Exits once the report is out (or at once when the bench is gone already).
        if (process.connected) process.send?.(ready, () => process.exit(1));
        else process.exit(1);
      },
    );
  });
}
