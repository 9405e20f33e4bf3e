/**
 * `npm start`: the whole product on this machine — DynamoDB Local, the identity service, S3, demo
 * data and the SPA with its APIs on http://localhost:3000 (PORT overrides). `--built` serves the
 * production build of web/ instead of Vite's dev server. No AWS account or network needed.
 */
import './quiet-sdk-notices';
import { DEMO_ACCOUNTS } from '../infra/local/demo-accounts';
import { startLocalStack } from '../infra/local/stack';

const port = Number.parseInt(process.env.PORT ?? '3000', 10);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}
const spa = process.argv.includes('--built')
  ? 'built'
  : process.argv.includes('--no-web')
    ? 'none'
    : 'dev';
const started = Date.now();

try {
  const stack = await startLocalStack({
    port,
    dataDir: process.env.DATA_DIR ?? '.data',
    spa,
    log: (line) => console.log(line),
  });
  console.log(`
StockScope is running at ${stack.url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)

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
