import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../infra/local/stack';
import { percentile, type Figure } from './figures';

/** Start-up of the embedded stack (fresh and with existing data) and /api/health latency. */
export async function benchLocalStack(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-'));
  try {
    let started = performance.now();
    let stack = await startLocalStack({ port: 0, dataDir, spa: 'none' });
    const cold = (performance.now() - started) / 1000;
    await stack.stop();

    started = performance.now();
    stack = await startLocalStack({ port: 0, dataDir, spa: 'none' });
    const warm = (performance.now() - started) / 1000;

    const latencies: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const t = performance.now();
      const response = await fetch(`${stack.url}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
    }
    await stack.stop();
    latencies.sort((a, b) => a - b);
    return [
      {
        name: 'local stack start, fresh data (seeds the demo universe)',
        value: cold,
        unit: 's',
        target: { op: '<=', value: 60 },
      },
      {
        name: 'local stack start, existing data',
        value: warm,
        unit: 's',
        target: { op: '<=', value: 90 },
      },
      { name: 'GET /api/health p50', value: percentile(latencies, 50), unit: 'ms' },
      { name: 'GET /api/health p99', value: percentile(latencies, 99), unit: 'ms' },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
