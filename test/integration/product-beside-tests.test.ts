import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { freePort } from '../../infra/local/ports';
import { WEB_DIST } from '../../infra/local/web-build';
import { login } from '../browser/accounts';
import { launchChromium } from '../browser/chromium';
import browserTestsSetup from '../browser/global-setup';
import { npmStart } from '../support/npm-start';

const demoUser = DEMO_ACCOUNTS.find((a) => !a.group)!;

/** The files a page load of the SPA fetches: index.html and the build files it names. */
async function spaFiles(url: string): Promise<string[]> {
  const html = await (await fetch(url, { headers: { Accept: 'text/html' } })).text();
  return ['/', ...new Set([...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
}

/**
 * `npm test` while `npm start` runs must leave the product alone: they once shared web/dist (the
 * browser tests' build emptied it under the running product) and Vite's cache, and sign-in broke
 * until a restart. This starts the product as `npm start` does, then does what `npm test` does to
 * shared state — the browser tests' build and a second stack — while loading the product's pages.
 */
describe('the product running beside a test run', () => {
  let product: ChildProcess | undefined;
  let workDir = '';

  afterAll(async () => {
    if (product?.pid && product.exitCode === null) {
      process.kill(-product.pid, 'SIGTERM');
      await new Promise((resolve) => product!.once('exit', resolve));
    }
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('keeps serving its SPA, and signing in, while the tests build and start their own stack', async () => {
    workDir = await mkdtemp(join(tmpdir(), 'stockscope-beside-'));
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const start = npmStart(port, { DATA_DIR: join(workDir, 'data') });
    product = start.child;
    expect(await start.healthy(180_000), start.output()).toBe(true);

    const files = await spaFiles(url);
    expect(files.length).toBeGreaterThan(1);
    const served = await readFile(join(WEB_DIST, 'index.html'), 'utf8');
    const builtAt = (await stat(join(WEB_DIST, 'index.html'))).mtimeMs;

    // Load the product's pages over and over while the tests do their work.
    const failures: string[] = [];
    let rounds = 0;
    let testsDone = false;
    const loading = (async () => {
      while (!testsDone) {
        for (const file of files) {
          const answer = await fetch(`${url}${file}`, { headers: { Accept: 'text/html' } }).catch(
            (error: unknown) => ({ status: String(error) }),
          );
          if (answer.status !== 200) failures.push(`${file}: ${answer.status}`);
        }
        rounds += 1;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      const stopTestStack = await browserTestsSetup({
        provide: () => {},
      } as unknown as TestProject);
      await stopTestStack();
    } finally {
      testsDone = true;
      await loading;
    }

    expect(rounds).toBeGreaterThan(5);
    expect(failures).toEqual([]);
    // Its build is untouched: the tests built elsewhere.
    expect(await readFile(join(WEB_DIST, 'index.html'), 'utf8')).toBe(served);
    expect((await stat(join(WEB_DIST, 'index.html'))).mtimeMs).toBe(builtAt);
    expect(await spaFiles(url)).toEqual(files);

    // The login screen loads in a browser, and the demo user signs in.
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await login(page, url, { ...demoUser, phone: demoUser.phoneNumber });
      expect(new URL(page.url()).pathname).not.toBe('/login');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 420_000);
});
