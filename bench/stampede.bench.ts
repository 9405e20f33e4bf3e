import autocannon from 'autocannon';
import { decodeStockList, type CompactStockList } from '../core/stock-list';
import { startChildStack } from './child-stack';
import { percentile, type Figure } from './figures';

const CONNECTIONS = 200;
/** Measured seconds, after the warm-up. */
const DURATION_S = 60;
/**
 * Seconds of the same load before measuring. A busy Node server accepts new connections slowly
 * (one about every 15 ms here), so 200 opening at once wait seconds for their first answer,
 * caches or not; the measurement starts when all of them are open.
 */
const WARM_UP_S = 10;
/** The copies' lifetime: loaded just before the load, they expire 15 s and 40 s into the measurement. */
const UNIVERSE_CACHE_MS = 25_000;
/** The movers rank the profiles copy; each costs ~20 ms of CPU (2,000 quotes), so only a few. */
const MOVERS_PER_S = 2;
/** autocannon's default time-out of a request. */
const REQUEST_TIMEOUT_MS = 10_000;
const HEALTH_EVERY_MS = 1_000;
const HEALTH_TIMEOUT_MS = 10_000;

interface HealthPoll {
  /** Seconds into the measurement. */
  readonly at: number;
  readonly status: number;
  readonly ms: number;
}

/** GET /api/health once a second, as a load balancer's health check does. */
function pollHealth(url: string): { stop: () => Promise<HealthPoll[]> } {
  const polls: Promise<HealthPoll>[] = [];
  const begun = performance.now();
  const poll = async (): Promise<HealthPoll> => {
    const started = performance.now();
    const at = Math.round((started - begun) / 1000);
    try {
      const response = await fetch(`${url}/api/health`, {
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { at, status: response.status, ms: performance.now() - started };
    } catch {
      return { at, status: 0, ms: performance.now() - started };
    }
  };
  const timer = setInterval(() => polls.push(poll()), HEALTH_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      return Promise.all(polls);
    },
  };
}

/** What one autocannon run answered, split into the warm-up and the measured window. */
interface Tally {
  readonly latencies: number[];
  failures: number;
}

/**
 * Runs autocannon and tallies each request by when it was SENT: before `windowStartsAt` it
 * belongs to the warm-up (also when it is answered, or times out, after).
 */
function load(
  options: autocannon.Options,
  windowStartsAt: number,
): { warmUp: Tally; measured: Tally; done: Promise<autocannon.Result> } {
  const warmUp: Tally = { latencies: [], failures: 0 };
  const measured: Tally = { latencies: [], failures: 0 };
  const sentAt = (msAgo: number) =>
    performance.now() - msAgo >= windowStartsAt ? measured : warmUp;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const tally = sentAt(responseTime);
      tally.latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) tally.failures += 1;
    });
    // Errors and time-outs (autocannon counts a time-out as an error, after its 10 s).
    instance.on('reqError', (error: Error) => {
      sentAt(error.message === 'request timed out' ? REQUEST_TIMEOUT_MS : 0).failures += 1;
    });
  });
  return { warmUp, measured, done };
}

/**
 * The stock-list stampede: 200 connections for 60 s on the full 2,000-company universe while its
 * in-process copies (stock list, profiles) expire twice. The 200 connections load the stock list
 * (what every visitor's search box loads) with a profile and a quote in between; one more
 * connection asks for the movers twice a second, which rank the profiles copy. Before the
 * single-flight refresh each expiry started one whole-table read per waiting request: requests
 * timed out and /api/health answered 503 for minutes. The stack runs in a child process and
 * autocannon and the health checks in this one: the load generator's CPU must not be inside the
 * measured latencies.
 */
export async function benchStampede(): Promise<Figure[]> {
  const stack = await startChildStack({ universeCacheMs: UNIVERSE_CACHE_MS });
  try {
    const api = `${stack.url}/api/asset/stocks`;
    const list = (await (await fetch(`${api}/list?all=true`)).json()) as {
      data: [CompactStockList];
    };
    const symbol = encodeURIComponent(decodeStockList(list.data[0])[0]!.symbol);
    await fetch(`${api}/movers?limit=5`).then((r) => r.arrayBuffer());

    const windowStartsAt = performance.now() + WARM_UP_S * 1000;
    const duration = WARM_UP_S + DURATION_S;
    const movers = load(
      { url: `${api}/movers?limit=5`, connections: 1, overallRate: MOVERS_PER_S, duration },
      windowStartsAt,
    );
    const store = load(
      {
        url: stack.url,
        connections: CONNECTIONS,
        duration,
        requests: [
          { method: 'GET', path: '/api/asset/stocks/list?all=true' },
          { method: 'GET', path: '/api/asset/stocks/list?all=true' },
          { method: 'GET', path: `/api/asset/stocks/profile/${symbol}` },
          { method: 'GET', path: '/api/asset/stocks/list?all=true' },
          { method: 'GET', path: `/api/asset/stocks/quote/${symbol}` },
        ],
      },
      windowStartsAt,
    );
    await new Promise((resolve) => setTimeout(resolve, windowStartsAt - performance.now()));
    const health = pollHealth(stack.url);
    await Promise.all([store.done, movers.done]);
    const polls = await health.stop();

    const failed = polls.filter((p) => p.status !== 200);
    console.log(
      `  /api/health every second: ${polls.length - failed.length} × 200` +
        (failed.length
          ? `; not 200 at ${failed.map((p) => `${p.at}s (${p.status || 'no answer'})`).join(', ')}`
          : ''),
    );
    const latencies = store.measured.latencies.sort((a, b) => a - b);
    const pollMs = polls.map((p) => p.ms).sort((a, b) => a - b);
    return [
      {
        name: 'stampede: warm-up failures (not held to a target)',
        value: store.warmUp.failures + movers.warmUp.failures,
        unit: 'count',
      },
      { name: 'stampede: requests answered', value: latencies.length, unit: 'count' },
      { name: 'stampede: throughput', value: latencies.length / DURATION_S, unit: 'req/s' },
      {
        name: 'stampede: errors, time-outs and non-2xx',
        value: store.measured.failures + movers.measured.failures,
        unit: 'count',
        target: { op: '<=', value: 0 },
      },
      { name: 'stampede: p50 latency', value: percentile(latencies, 50), unit: 'ms' },
      {
        name: 'stampede: p99 latency',
        value: percentile(latencies, 99),
        unit: 'ms',
        target: { op: '<=', value: 1_000 },
      },
      { name: 'stampede: max latency', value: latencies.at(-1) ?? Number.NaN, unit: 'ms' },
      {
        name: 'stampede: movers (profiles copy) p99',
        value: percentile(
          movers.measured.latencies.sort((a, b) => a - b),
          99,
        ),
        unit: 'ms',
      },
      { name: 'stampede: /api/health polls', value: polls.length, unit: 'count' },
      {
        name: 'stampede: /api/health polls not 200',
        value: failed.length,
        unit: 'count',
        target: { op: '<=', value: 0 },
      },
      { name: 'stampede: /api/health p99', value: percentile(pollMs, 99), unit: 'ms' },
    ];
  } finally {
    await stack.stop();
  }
}
