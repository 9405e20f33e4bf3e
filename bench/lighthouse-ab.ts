/**
 * Lighthouse on two builds of the SPA, in turns, to tell a change from the machine's noise: on 2
 * shared cores one run's score swings by 5 or more with the load (Lighthouse's benchmarkIndex
 * moved between 1,050 and 2,050 within minutes), so three runs of one build, then three of the
 * other, compare the load as much as the builds. Here each round runs both, in alternating order,
 * each on its own local stack (the same demo data), and each run prints its benchmarkIndex.
 *
 *   npx vite build --config web/vite.config.ts --outDir /tmp/a      (at the base)
 *   npx vite build --config web/vite.config.ts --outDir /tmp/b      (with the change)
 *   node --import tsx bench/lighthouse-ab.ts /tmp/a /tmp/b [path] [rounds]
 *
 * path defaults to /stocks/ and the first stock; rounds to 6. Each stack is measured through the
 * local edge (TLS and HTTP/2, as CloudFront serves it), as the bench measures it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstStockSymbol } from './first-stock';
import { startEdge, type RunningEdge } from '../infra/local/edge';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { percentile } from './figures';
import { runLighthouse } from './lighthouse-run';

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
} as const;

interface Run {
  readonly score: number;
  readonly metrics: Record<keyof typeof METRICS, number>;
  readonly benchmarkIndex: number;
}

async function measure(edge: RunningEdge, path: string): Promise<Run> {
  const lhr = await runLighthouse(`${edge.url}${path}`, ['performance'], edge.spkiSha256);
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    metrics: { FCP: metric(METRICS.FCP), LCP: metric(METRICS.LCP), TBT: metric(METRICS.TBT) },
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const line = (run: Run) =>
  `score ${run.score}  FCP ${run.metrics.FCP}  LCP ${run.metrics.LCP}  TBT ${run.metrics.TBT}` +
  `  (benchmarkIndex ${run.benchmarkIndex})`;

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main() {
  const [distA, distB, pathArg, roundsArg] = process.argv.slice(2);
  if (!distA || !distB) throw new Error('usage: lighthouse-ab.ts <distA> <distB> [path] [rounds]');
  const rounds = Number(roundsArg ?? 6);
  const workDir = await mkdtemp(join(tmpdir(), 'stockscope-lighthouse-ab-'));
  const stacks: LocalStack[] = [];
  const edges: RunningEdge[] = [];
  try {
    for (const [i, webDist] of [distA, distB].entries()) {
      const dataDir = join(workDir, `data-${i}`);
      const stack = await startLocalStack({
        port: 0,
        dataDir,
        spa: 'built',
        webDist,
        demoCount: 300,
      });
      stacks.push(stack);
      edges.push(await startEdge(stack.url));
    }
    let path = pathArg;
    if (!path) {
      path = `/stocks/${encodeURIComponent(await firstStockSymbol(stacks[0]!.url))}`;
    }
    const runs: [Run[], Run[]] = [[], []];
    for (let round = 0; round < rounds; round += 1) {
      // Alternate who goes first, so neither build always meets the warmer machine.
      for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const run = await measure(edges[side]!, path);
        runs[side]!.push(run);
        console.log(`${side === 0 ? 'A' : 'B'}  ${line(run)}`);
      }
    }
    console.log(`\n${path}, ${rounds} rounds, medians:`);
    for (const [side, name] of [
      [0, 'A'],
      [1, 'B'],
    ] as const) {
      const of = (pick: (run: Run) => number) => median(runs[side].map(pick));
      console.log(
        `${name}  score ${of((r) => r.score)}  FCP ${of((r) => r.metrics.FCP)}  LCP ${of((r) => r.metrics.LCP)}  TBT ${of((r) => r.metrics.TBT)}`,
      );
    }
  } finally {
    await Promise.all(edges.map((edge) => edge.stop()));
    await Promise.all(stacks.map((stack) => stack.stop()));
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
