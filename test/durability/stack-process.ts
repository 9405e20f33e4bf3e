// The local stack as `npm start` runs it (bin/local.ts), without the SPA, in a process of its own so
// the kill-9 harness can kill its whole process group (node and the DynamoDB Local JVM) at once.
// Prints one line, READY <json>, once it serves.
import '../../bin/local-env';
import { startLocalStack } from '../../infra/local/stack';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: 20 });
console.log(
  `READY ${JSON.stringify({ url: stack.url, identity: stack.endpoints.identity, pool: stack.pool })}`,
);
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
