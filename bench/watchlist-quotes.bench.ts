import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchSymbolsParam } from '../core/market/watch-quotes';
import { decodeStockList, type CompactStockList } from '../core/stock-list';
import { startLocalStack } from '../infra/local/stack';
import { percentile, type Figure } from './figures';

const LISTS = 5;
const PER_LIST = 50;
const WARMUP = 10;
const SAMPLES = 200;

/**
 * The dashboard's quotes: five watchlists of 50 symbols read in ONE batched request
 * (GET /api/asset/stocks/quotes, quotes and sparklines), through the local server, one after
 * another as a dashboard refresh asks for them.
 */
export async function benchWatchlistQuotes(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-watchlists-'));
  const stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: 300 });
  try {
    const list = (await (await fetch(`${stack.url}/api/asset/stocks/list?all=true`)).json()) as {
      data: [CompactStockList];
    };
    const symbols = decodeStockList(list.data[0])
      .slice(0, LISTS * PER_LIST)
      .map((s) => s.symbol);
    if (symbols.length < LISTS * PER_LIST) throw new Error('Not enough demo stocks');
    const url = `${stack.url}/api/asset/stocks/quotes?symbols=${encodeURIComponent(batchSymbolsParam(symbols))}`;
    const once = async (): Promise<number> => {
      const started = performance.now();
      const response = await fetch(url);
      const body = (await response.json()) as { data: { quote: unknown }[] };
      if (response.status !== 200 || body.data.filter((r) => r.quote).length !== symbols.length) {
        throw new Error(`Batched quotes failed: ${response.status}`);
      }
      return performance.now() - started;
    };
    for (let i = 0; i < WARMUP; i += 1) await once();
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) samples.push(await once());
    samples.sort((a, b) => a - b);
    return [
      {
        name: `dashboard quotes ${LISTS}×${PER_LIST} in one request, p50`,
        value: percentile(samples, 50),
        unit: 'ms',
      },
      {
        name: `dashboard quotes ${LISTS}×${PER_LIST} in one request, p95`,
        value: percentile(samples, 95),
        unit: 'ms',
        target: { op: '<=', value: 50 },
      },
    ];
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
