import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../infra/local/health';
import type { IdTokenVerifier } from '../../infra/local/jwt';
import { Outbox } from '../../infra/local/outbox';
import { startLocalServer, type RunningServer } from '../../infra/local/server';
import { WEB_ROOT } from '../../infra/local/web-build';
import { launchChromium } from '../browser/chromium';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run dev`: Vite's dev server inside the product's server. It serves files by absolute path
 * (/@fs/…), so what it lets through is what any page that reaches it can read.
 */
describe('the dev server (npm run dev)', () => {
  let workDir = '';
  let server: RunningServer;
  let browser: Browser | undefined;
  // A stand-in for the product's data (.data/identity holds demo passwords, refresh tokens and the
  // signing key): a secret inside the checkout, in the folder the product writes to.
  const dataDir = join(REPO, '.data');
  const dataDirExisted = existsSync(dataDir);
  let secretDir = '';

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'stockscope-dev-'));
    await mkdir(dataDir, { recursive: true });
    secretDir = await mkdtemp(join(dataDir, 'dev-server-test-'));
    await writeFile(join(secretDir, 'identity.json'), '{"password":"Demo#User2025"}');
    server = await startLocalServer({
      port: 0,
      spa: 'dev',
      webRoot: WEB_ROOT,
      viteCacheDir: join(workDir, 'vite-cache'),
      apis: [],
      outbox: new Outbox(join(workDir, 'outbox.jsonl')),
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) } as IdTokenVerifier,
      health: async () => ({ status: 'up', components: {} }) as unknown as HealthReport,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDirExisted ? secretDir : dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  });

  const fsUrl = (path: string) => `${server.url}/@fs${path}`;

  it('serves the SPA with hot reload', async () => {
    const page = await fetch(`${server.url}/`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    expect((await fetch(`${server.url}/src/main.tsx`)).status).toBe(200);
    // core/ is part of the SPA: served.
    expect((await fetch(fsUrl(join(REPO, 'core', 'site-delivery.ts')))).status).toBe(200);
  });

  it('refuses every file of the checkout the SPA is not built from', async () => {
    for (const file of [
      join(secretDir, 'identity.json'),
      join(REPO, 'infra', 'local', 'demo-accounts.ts'),
      join(REPO, 'package.json'),
    ]) {
      const answer = await fetch(fsUrl(file));
      expect(`${relative(REPO, file)}: ${answer.status}`).toBe(`${relative(REPO, file)}: 403`);
      expect(await answer.text()).not.toContain('Demo#');
    }
    // The same file by a path relative to web/.
    expect(
      await (await fetch(`${server.url}/../infra/local/demo-accounts.ts`)).text(),
    ).not.toContain('Demo#');
  });

  it('runs in Chromium under the Content-Security-Policy it sends, Vite’s inline script included', async () => {
    browser = await launchChromium();
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    });
    const answer = await page.goto(`${server.url}/about`);
    expect(answer?.headers()['content-security-policy']).toMatch(
      /script-src 'self' 'nonce-[^']+';/,
    );
    // The SPA rendered (its shell's banner), so its scripts ran.
    await page.getByRole('banner').waitFor({ timeout: 45_000 });
    expect(violations).toEqual([]);
  }, 90_000);
});
