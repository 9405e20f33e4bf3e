import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from './infra/local/stack';
const dataDir = await mkdtemp(join(tmpdir(), 'scratch-demo-'));
const stack = await startLocalStack({ port: 3998, dataDir, spa: 'built', webDist: './web/dist', demoCount: 40, log: () => {} });
console.log('READY', stack.url);
