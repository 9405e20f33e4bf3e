import { join } from 'node:path';
import type { HealthReport } from '../health';
import type { IdTokenVerifier } from '../jwt';
import type { LocalApi } from '../api-gateway';
import { Outbox } from '../outbox';
import { startLocalServer, type RunningServer } from '../server';

/**
 * The local server with only the given APIs mounted (no SPA, no emulators, no tokens accepted):
 * for tests of what it does around a handler.
 */
export const startApiOnlyServer = (
  dir: string,
  apis: readonly LocalApi[],
): Promise<RunningServer> =>
  startLocalServer({
    port: 0,
    spa: 'none',
    webRoot: dir,
    outbox: new Outbox(join(dir, 'outbox.jsonl')),
    verifier: { verify: () => Promise.reject(new Error('no tokens here')) } as IdTokenVerifier,
    health: async () => ({ status: 'up', components: {} }) as unknown as HealthReport,
    apis,
  });
