import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startApiOnlyServer } from './testing/api-only-server';

describe('local server stop', () => {
  it('lets a request in flight finish before it closes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stockscope-server-'));
    let finished = false;
    const server = await startApiOnlyServer(dir, [
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
    ]);
    const response = fetch(`${server.url}/api/slow/wait`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.stop();
    expect(finished).toBe(true);
    expect((await response).status).toBe(200);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('local server compression', () => {
  it('compresses the answers of an API CloudFront compresses, and only those', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stockscope-server-'));
    const big = JSON.stringify({ data: Array.from({ length: 500 }, (_, i) => ({ close: i })) });
    const api = (name: string, compressed: boolean) => ({
      name,
      prefix: `/api/${name}`,
      routes: [{ method: 'GET' as const, resource: '/bars', auth: 'none' as const }],
      handler: async () => ({
        statusCode: 200,
        headers: { 'Content-Type': 'application/json' },
        body: big,
      }),
      compressed,
    });
    const server = await startApiOnlyServer(dir, [api('asset', true), api('private', false)]);
    try {
      const read = (path: string) =>
        new Promise<{ encoding?: string; length: number }>((resolve, reject) => {
          get(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
            let length = 0;
            res.on('data', (chunk: Buffer) => (length += chunk.length));
            res.on('end', () =>
              resolve({
                length,
                ...(res.headers['content-encoding']
                  ? { encoding: res.headers['content-encoding'] }
                  : {}),
              }),
            );
          }).on('error', reject);
        });
      const compressed = await read('/api/asset/bars');
      expect(compressed.encoding).toBe('br');
      expect(compressed.length).toBeLessThan(big.length / 4);
      await expect(read('/api/private/bars')).resolves.toEqual({ length: big.length });
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
