import autocannon from 'autocannon';
import { decodeStockList, type CompactStockList } from '../core/stock-list';
import { startBareServer } from './bare-server';
import type { ChildServer } from './child-server';
import { startChildStack } from './child-stack';
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
 * Each server runs in a child process and autocannon in this one: the load generator's CPU must
 * not be inside the measured latencies.
 */
export async function benchAssetApi(): Promise<Figure[]> {
  const stack = await startChildStack({ demoCount: 300 });
  let bare: ChildServer | undefined;
  try {
    const listUrl = `${stack.url}/api/asset/stocks/list?all=true`;
    const listResponse = await fetch(listUrl);
    const listBody = Buffer.from(await listResponse.arrayBuffer());
    const listJson = JSON.parse(listBody.toString('utf8')) as { data: [CompactStockList] };
    const symbol = decodeStockList(listJson.data[0])[0]!.symbol;
    const profileUrl = `${stack.url}/api/asset/stocks/profile/${encodeURIComponent(symbol)}`;
    const profileBody = Buffer.from(await (await fetch(profileUrl)).arrayBuffer());

    bare = await startBareServer({ list: listBody, profile: profileBody });

    const apiList = await load(listUrl);
    const bareList = await load(`${bare.url}/list`);
    const apiProfile = await load(profileUrl);
    const bareProfile = await load(`${bare.url}/profile/x`);
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
    await bare?.stop();
    await stack.stop();
  }
}
