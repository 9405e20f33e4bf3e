import { spawn, type ChildProcess } from 'node:child_process';

export interface NpmStart {
  /** `npm start`'s process, the leader of its own process group. */
  readonly child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves true once GET /api/health answers 200, false when `timeoutMs` passed first. */
  healthy(timeoutMs: number): Promise<boolean>;
}

/**
 * Runs `npm start` as a user would (a real process tree) on `port`, with `env` added (DATA_DIR,
 * WEB_DIST_DIR…). Detached, so a test can signal the whole tree with process.kill(-pid, …).
 */
export function npmStart(port: number, env: Record<string, string>): NpmStart {
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    healthy: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
        const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) return true;
        await new Promise((r) => setTimeout(r, 500));
      }
      return false;
    },
  };
}
