import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from './health';
import type { IdTokenVerifier } from './jwt';
import { Outbox } from './outbox';
import { startLocalServer, type RunningServer } from './server';

// The local server's CSP follows its config.json as CloudFront's follows the deploy's: Google
// Analytics' hosts only when an analytics id is served to the SPA.
describe('local server CSP and the analytics id', () => {
  let dir: string;
  const servers: RunningServer[] = [];

  const start = async (runtimeConfig: Record<string, string>) => {
    const server = await startLocalServer({
      port: 0,
      spa: 'none',
      webRoot: dir,
      runtimeConfig,
      outbox: new Outbox(join(dir, 'outbox.jsonl')),
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) } as IdTokenVerifier,
      health: async () => ({ status: 'up', components: {} }) as unknown as HealthReport,
      apis: [],
    });
    servers.push(server);
    return (await fetch(`${server.url}/config.json`)).headers.get('content-security-policy')!;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockscope-csp-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps scripts and connections to the site without an id (the local default)', async () => {
    const csp = await start({ region: 'local' });
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('google');
  });

  it('allows gtag.js and the collection hosts when config.json names an id', async () => {
    const csp = await start({ region: 'local', analyticsId: 'G-TEST12345' });
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(csp).toContain('https://*.google-analytics.com');
  });
});
