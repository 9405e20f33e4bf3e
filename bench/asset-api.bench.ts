import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { decodeStockList, type CompactStockList } from '../core/stock-list';
import { startLocalStack } from '../infra/local/stack';
import type { Figure } from './figures';

const CONNECTIONS = 50;
const DURATION_S = 8;

async function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
}

/**
 * The asset API through the local server (API Gateway event adapter → the Lambda handler → the
 * ports) against a bare node:http server answering the same bytes: what the adapter and handler
 * cost per request. Runs the stock list (in-process cached) and a profile (DynamoDB Local + quote).
 */
export async function benchAssetApi(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-api-'));
  const stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: 300 });
  const bare = createServer();
  try {
    const listUrl = `${stack.url}/api/asset/stocks/list?all=true`;
    const listResponse = await fetch(listUrl);
    const listBody = Buffer.from(await listResponse.arrayBuffer());
    const listJson = JSON.parse(listBody.toString('utf8')) as { data: [CompactStockList] };
    const symbol = decodeStockList(listJson.data[0])[0]!.symbol;
    const profileUrl = `${stack.url}/api/asset/stocks/profile/${encodeURIComponent(symbol)}`;
    const profileBody = Buffer.from(await (await fetch(profileUrl)).arrayBuffer());

    bare.on('request', (req, res) => {
      const body = req.url?.includes('/profile/') ? profileBody : listBody;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const address = bare.address();
    const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const apiList = await load(listUrl);
    const bareList = await load(`${bareUrl}/list`);
    const apiProfile = await load(profileUrl);
    const bareProfile = await load(`${bareUrl}/profile/x`);
    const errors = apiList.errors + apiList.non2xx + apiProfile.errors + apiProfile.non2xx;
    return [
      { name: 'asset API stock list, req/s', value: apiList.requests.average, unit: 'req/s' },
      { name: 'bare node:http same bytes, req/s', value: bareList.requests.average, unit: 'req/s' },
      {
        name: 'asset API / bare throughput (stock list)',
        value: apiList.requests.average / bareList.requests.average,
        unit: '×',
        target: { op: '>=', value: 0.5 },
      },
      {
        name: 'asset API stock list p99',
        value: apiList.latency.p99,
        unit: 'ms',
        target: { op: '<=', value: 25 },
      },
      { name: 'asset API profile, req/s', value: apiProfile.requests.average, unit: 'req/s' },
      {
        name: 'asset API / bare throughput (profile)',
        value: apiProfile.requests.average / bareProfile.requests.average,
        unit: '×',
      },
      { name: 'asset API profile p99', value: apiProfile.latency.p99, unit: 'ms' },
      {
        name: 'asset API errors and non-2xx during load',
        value: errors,
        unit: 'count',
        target: { op: '<=', value: 0 },
      },
    ];
  } finally {
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
