import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL } from '../../core/site-delivery';
import type { HealthReport } from './health';
import type { IdTokenVerifier } from './jwt';
import { Outbox } from './outbox';
import { startLocalServer, type RunningServer } from './server';

// The built SPA as `npm start` serves it, with the caching CloudFront gives the deployed files
// (infra/aws/web-delivery.ts): Lighthouse and the benchmarks measure this server.
describe('built SPA caching, as CloudFront serves the site', () => {
  let dir: string;
  let server: RunningServer;
  const get = (path: string, accept = '*/*') =>
    fetch(`${server.url}${path}`, { headers: { Accept: accept } });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockscope-spa-'));
    const dist = join(dir, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abcd1234.js'), 'console.log(1)');
    await writeFile(join(dist, 'favicon.svg'), '<svg/>');
    server = await startLocalServer({
      port: 0,
      spa: 'built',
      webRoot: dir,
      webDist: dist,
      runtimeConfig: { region: 'local' },
      outbox: new Outbox(join(dir, 'outbox.jsonl')),
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) } as IdTokenVerifier,
      health: async () => ({ status: 'up', components: {} }) as unknown as HealthReport,
      apis: [],
    });
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps hashed assets a year (immutable)', async () => {
    const asset = await get('/assets/index-abcd1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(HASHED_ASSET_CACHE_CONTROL);
  });

  it('revalidates index.html, the SPA routes, root files and config.json', async () => {
    for (const path of ['/', '/index.html', '/stocks/ABC.L', '/favicon.svg', '/config.json']) {
      const page = await get(path, 'text/html');
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe(PAGE_CACHE_CONTROL);
    }
  });

  it('answers a missing hashed asset 404, never index.html kept for a year', async () => {
    // CloudFront never rewrites /assets/ to the page (spa-rewrite.ts): S3 answers 404.
    for (const accept of ['*/*', 'text/html']) {
      const gone = await get('/assets/index-gone0000.js', accept);
      expect(gone.status, accept).toBe(404);
      expect(gone.headers.get('cache-control'), accept).not.toContain('immutable');
    }
  });
});
