/**
 * `npm start`: the whole product on this machine — DynamoDB Local, the identity service, S3, demo
 * data and the SPA with its APIs on http://localhost:3000 (PORT overrides). The SPA is the
 * production build of web/ (built first when web/dist is missing or older than its sources;
 * WEB_DIST_DIR puts it elsewhere); `npm run dev` (`--dev`) serves it from Vite's dev server with
 * hot reload instead. DEMO_COUNT seeds a smaller (or larger) demo universe than 2,000 companies.
 * No AWS account or network needed.
 *
 * With FMP_API_KEY set, real data instead of the demo universe: the companies of FMP_SYMBOLS
 * (default DEFAULT_FMP_SYMBOLS) loaded from Financial Modeling Prep (FMP_BASE_URL overrides its
 * root), in a data folder of their own (.data/fmp unless DATA_DIR says otherwise).
 */
import { resolve } from 'node:path';
import './local-env';
import { DEMO_ACCOUNTS } from '../infra/local/demo-accounts';
import { describeLoad, realDataFromEnv, type LocalFmpOptions } from '../infra/local/real-data';
import { startLocalStack, type LocalData } from '../infra/local/stack';
import { ensureWebBuild, WEB_DIST } from '../infra/local/web-build';

const port = Number.parseInt(process.env.PORT ?? '3000', 10);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}
const spa = process.argv.includes('--dev')
  ? 'dev'
  : process.argv.includes('--no-web')
    ? 'none'
    : 'built';
const demoCount = process.env.DEMO_COUNT ? Number(process.env.DEMO_COUNT) : undefined;
if (demoCount !== undefined && !(Number.isInteger(demoCount) && demoCount > 0)) {
  console.error(`DEMO_COUNT must be a positive whole number, got "${process.env.DEMO_COUNT}"`);
  process.exit(1);
}
let fmp: LocalFmpOptions | undefined;
try {
  fmp = realDataFromEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
if (fmp && demoCount) console.warn('DEMO_COUNT is ignored: FMP_API_KEY serves real data.');
const webDist = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : WEB_DIST;
// Real data keeps a folder of its own: the demo universe's never mixes with it.
const dataDir = process.env.DATA_DIR ?? (fmp ? '.data/fmp' : '.data');
const started = Date.now();

/** The banner's lines on the data served: which mode, and for FMP what was loaded or not. */
function dataLines(data: LocalData): string[] {
  if (data.mode === 'demo') {
    return [
      `  Data        demo universe: ${data.companies.toLocaleString('en-US')} generated companies as of ${data.anchor}`,
    ];
  }
  const { load } = data;
  return [
    `  Data        real, from FMP: ${describeLoad(load)} (reloaded daily; data in ${resolve(dataDir)})`,
    ...load.failed.map((f) => `    failed    ${f.symbol}: ${f.reason}`),
    ...load.refusals.map(
      (r) =>
        `    refused   ${r.endpoint}${r.exchange ? ` on ${r.exchange}` : ''}${r.companies > 0 ? ` (${r.companies} ${r.companies === 1 ? 'company' : 'companies'})` : ''}: ${r.message}`,
    ),
  ];
}

try {
  const log = (line: string) => console.log(line);
  // The build runs while the emulators start; a failed build fails the start.
  const webBuild = spa === 'built' ? ensureWebBuild({ outDir: webDist, log }) : undefined;
  webBuild?.catch(() => {}); // reported when startLocalStack awaits it
  const stack = await startLocalStack({
    port,
    dataDir,
    spa,
    webDist,
    ...(webBuild ? { webBuild } : {}),
    ...(demoCount ? { demoCount } : {}),
    ...(fmp ? { fmp } : {}),
    log,
  });
  console.log(`
StockScope is running at ${stack.url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)

${dataLines(stack.data).join('\n')}
  Health      ${stack.url}/api/health
  Outbox      ${stack.url}/dev/outbox   (e-mails and SMS the product would send)

  Demo accounts (local only):
${DEMO_ACCOUNTS.map((a) => `    ${(a.group ?? 'user').padEnd(7)} ${a.email.padEnd(26)} ${a.password}`).join('\n')}

Press Ctrl+C to stop.`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  console.error(
    `\nCould not start the local stack: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
