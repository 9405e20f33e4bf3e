import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAliveClient } from '../support/keep-alive-client';
import { readBody } from '../../infra/local/request-body';

const LIMIT = 1_000;
let server: Server | undefined;

/** A server that answers 413 the moment a body passes LIMIT, and 200 with the size otherwise. */
async function start(maxDiscardedBytes?: number): Promise<string> {
  server = createServer((req, res) => {
    void readBody(req, LIMIT, maxDiscardedBytes ? { maxDiscardedBytes } : {}).then((body) => {
      const status = body === 'too-large' ? 413 : 200;
      const text = body === 'too-large' ? 'too large' : String(body.length);
      res.writeHead(status, { 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('readBody', () => {
  it('reads a body up to the limit', async () => {
    const client = keepAliveClient(await start());
    const answer = await client.send('POST', '/', { body: 'x'.repeat(LIMIT) });
    expect(answer).toMatchObject({ status: 200, body: String(LIMIT) });
    client.close();
  });

  it('answers an oversized body at once and keeps the connection usable (declared or chunked)', async () => {
    const client = keepAliveClient(await start());
    for (let round = 0; round < 5; round += 1) {
      for (const headers of [{}, { 'Transfer-Encoding': 'chunked' }] as Record<string, string>[]) {
        const big = await client.send('POST', '/', {
          body: Buffer.alloc(4 * 1024 * 1024),
          headers,
        });
        expect(big.status).toBe(413);
        const next = await client.send('POST', '/', { body: 'ok' });
        expect(next).toMatchObject({ status: 200, body: '2', reusedSocket: true });
        expect(next.ms).toBeLessThan(1_000);
      }
    }
    client.close();
  });

  it('closes the connection of an upload past what it is willing to discard', async () => {
    const client = keepAliveClient(await start(64 * 1024));
    const closed = new Promise((resolve) =>
      server!.once('connection', (s) => s.once('close', resolve)),
    );
    // The answer may or may not arrive before the reset; the connection must end either way.
    await client.send('POST', '/', { body: Buffer.alloc(16 * 1024 * 1024) }).catch(() => {});
    await closed;
    const next = await client.send('POST', '/', { body: 'ok' });
    expect(next).toMatchObject({ status: 200, reusedSocket: false });
    client.close();
  });
});
