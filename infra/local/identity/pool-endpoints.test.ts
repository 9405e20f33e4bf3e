import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPoolEndpoints } from './pool-endpoints';
import { installSigningKey, type SigningKey } from './signing-key';

let dir: string;
let key: SigningKey;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pool-endpoints-'));
  key = await installSigningKey(dir);
  // What reaches it stands for cognito-local's app.
  server = createServer(
    withPoolEndpoints((req, res) => {
      res.writeHead(299);
      res.end(`app ${req.method} ${req.url}`);
    }, key),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the identity service’s endpoints beside its API', () => {
  it('publishes this installation’s public key as every pool’s JWKS', async () => {
    for (const path of ['/pool_1/.well-known/jwks.json', '/pool_2/.WELL-KNOWN/jwks.json/']) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status, path).toBe(200);
      expect(await answer.json(), path).toEqual({ keys: [key.jwk] });
    }
  });

  it('has no OAuth endpoints, however they are spelled', async () => {
    for (const [method, path] of [
      ['POST', '/oauth2/token'],
      ['POST', '/OAuth2/Token/'],
      ['GET', '/oauth2/authorize?client_id=x'],
      ['POST', '/oauth2/authorize'],
      ['GET', '/oauth2'],
    ] as const) {
      const answer = await fetch(`${base}${path}`, { method });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it('hands everything else to the API', async () => {
    const answer = await fetch(`${base}/health`);
    expect(answer.status).toBe(299);
    expect(await answer.text()).toBe('app GET /health');
    expect((await fetch(`${base}/oauth2x`)).status).toBe(299);
  });
});
