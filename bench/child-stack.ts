import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStackOptions } from '../infra/local/stack';
import { startChildServer, type ChildServer } from './child-server';

/** What a bench may choose of the local stack's options (the rest is fixed: port 0, no SPA). */
export type ChildStackOptions = Pick<LocalStackOptions, 'demoCount' | 'universeCacheMs'>;

/**
 * Where the stack child writes a V8 CPU profile when it stops (node --cpu-prof): set
 * BENCH_STACK_CPU_PROF=<dir> to see where the server's time goes under a bench's load.
 */
const CPU_PROFILE_DIR = process.env.BENCH_STACK_CPU_PROF;

/**
 * Resolves once the work the stack starts in the background is done: the calendar's warm-up reads
 * every company's statements (infra/local/demo-calendar-source.ts), and asking for the calendar
 * joins that read. Measured before it, a load's first seconds share the CPU with it (about half of
 * it for 2 s with 300 companies).
 */
export async function settled(url: string): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const response = await fetch(`${url}/api/asset/stocks/calendar?from=${day}&to=${day}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`The stack's calendar answered ${response.status}`);
}

/**
 * The local stack (infra/local/stack.ts) in a child process, on a fresh data directory that stop()
 * removes, resolved once its start-up work is done. Benches run the load generator in their own
 * process: its CPU must not be inside the server's measured latencies.
 */
export async function startChildStack(options: ChildStackOptions = {}): Promise<ChildServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-stack-'));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  try {
    const stack = await startChildServer(
      new URL('./stack-child.ts', import.meta.url),
      { ...options, dataDir },
      CPU_PROFILE_DIR ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] } : {},
    );
    await settled(stack.url).catch(async (error: unknown) => {
      await stack.stop();
      throw error;
    });
    return {
      ...stack,
      stop: async () => {
        await stack.stop();
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}
