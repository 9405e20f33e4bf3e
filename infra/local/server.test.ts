import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HealthReport } from './health';
import type { IdTokenVerifier } from './jwt';
import { Outbox } from './outbox';
import { startLocalServer } from './server';

describe('local server stop', () => {
  it('lets a request in flight finish before it closes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stockscope-server-'));
    let finished = false;
    const server = await startLocalServer({
      port: 0,
      spa: 'none',
      webRoot: dir,
      outbox: new Outbox(join(dir, 'outbox.jsonl')),
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) } as IdTokenVerifier,
      health: async () => ({ status: 'up', components: {} }) as unknown as HealthReport,
      apis: [
        {
          name: 'slow',
          prefix: '/api/slow',
          routes: [{ method: 'GET', resource: '/wait', auth: 'none' }],
          handler: async () => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            finished = true;
            return { statusCode: 200, body: '{"ok":true}' };
          },
        },
      ],
    });
    const response = fetch(`${server.url}/api/slow/wait`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.stop();
    expect(finished).toBe(true);
    expect((await response).status).toBe(200);
    await rm(dir, { recursive: true, force: true });
  });
});
