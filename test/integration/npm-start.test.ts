import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL } from '../../core/site-delivery';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { freePort } from '../../infra/local/ports';
import { WEB_DIST } from '../../infra/local/web-build';
import { login } from '../browser/accounts';
import { launchChromium } from '../browser/chromium';
import { startSharedStack } from '../support/stack-global-setup';
import { npmStart } from '../support/npm-start';
import { MIN_PRECOMPRESSED_BYTES } from '../../web/precompress';

const demoUser = DEMO_ACCOUNTS.find((a) => !a.group)!;

/** The files a page load of the SPA fetches: index.html and the build files it names. */
async function spaFiles(url: string): Promise<string[]> {
  const html = await (await fetch(url, { headers: { Accept: 'text/html' } })).text();
  return ['/', ...new Set([...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
}

/** What a folder holds, to see that something left it alone: its index.html's text and time. */
async function snapshot(dir: string) {
  const file = join(dir, 'index.html');
  const text = await readFile(file, 'utf8').catch(() => null);
  return { text, mtimeMs: text === null ? null : (await stat(file)).mtimeMs };
}

/**
 * Runs `npm start` as a user would (a real process tree), loads its pages while a test run builds
 * the SPA and starts its own stack beside it, signs in, and stops it with SIGTERM. One start: the
 * product's first start (build and seed) is the slowest thing a test can do.
 */
describe('npm start', () => {
  let child: ChildProcess | undefined;
  let workDir = '';

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  function descendants(pid: number): Promise<number[]> {
    return new Promise((resolve) => {
      const ps = spawn('ps', ['-eo', 'pid=,ppid=']);
      let out = '';
      ps.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      ps.on('close', () => {
        const rows = out
          .trim()
          .split('\n')
          .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
        const found: number[] = [];
        const walk = (parent: number) => {
          for (const [p, pp] of rows) {
            if (pp === parent) {
              found.push(p);
              walk(p);
            }
          }
        };
        walk(pid);
        resolve(found);
      });
    });
  }

  it('builds the SPA when there is no build, serves it as CloudFront does, keeps serving and signing in while a test run builds and starts its own stack, then stops every process on SIGTERM', async () => {
    const port = await freePort();
    workDir = await mkdtemp(join(tmpdir(), 'stockscope-start-'));
    // Its own data and build folders: an empty one, so this start must build (and a product
    // running from this checkout keeps its web/dist). A smaller universe than the default: how
    // long the first start takes is the local-stack bench's figure, not this test's.
    const productDist = join(workDir, 'dist');
    const start = npmStart(port, {
      DATA_DIR: join(workDir, 'data'),
      WEB_DIST_DIR: productDist,
      DEMO_COUNT: '40',
    });
    child = start.child;
    const healthy = await start.healthy(180_000);
    const output = start.output();
    expect(healthy, output).toBe(true);
    expect(output).toContain('Building the SPA');
    expect(output).toContain('Seeding the demo universe (40 companies');

    // The production build, not Vite's dev server: hashed scripts, no dev client, compressed.
    const page = await fetch(`http://127.0.0.1:${port}/stocks/ANY`, {
      headers: { Accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('/@vite/client');
    const scripts = [...html.matchAll(/src="(\/assets\/[\w-]+-[\w-]{8}\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length, html).toBeGreaterThan(0);
    const sizes = new Map<string, number>();
    for (const script of scripts) {
      const asset = await fetch(`http://127.0.0.1:${port}${script}`, {
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe(HASHED_ASSET_CACHE_CONTROL);
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      const size = (await (await fetch(`http://127.0.0.1:${port}${script}`)).arrayBuffer())
        .byteLength;
      sizes.set(script, size);
      // Compressed as CloudFront compresses: all but a file under its minimum (the bundler's
      // runtime helpers, about 600 bytes).
      expect(asset.headers.get('content-encoding'), `${script}: ${size} bytes`).toBe(
        size >= MIN_PRECOMPRESSED_BYTES ? 'br' : null,
      );
    }
    const largest = [...sizes].sort((a, b) => b[1] - a[1])[0]![0];
    expect(sizes.get(largest)).toBeGreaterThanOrEqual(MIN_PRECOMPRESSED_BYTES);
    const gzip = await fetch(`http://127.0.0.1:${port}${largest}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const config = await fetch(`http://127.0.0.1:${port}/config.json`);
    expect(config.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
    // No dev client: the path is just another SPA route (index.html), as CloudFront answers it.
    const devClient = await fetch(`http://127.0.0.1:${port}/@vite/client`);
    expect(devClient.headers.get('content-type')).toContain('text/html');
    expect(await devClient.text()).not.toContain('createHotContext');

    await servesBesideATestRun(`http://localhost:${port}`, productDist);

    const tree = await descendants(child.pid!);
    expect(tree.length).toBeGreaterThan(0);
    process.kill(child.pid!, 'SIGTERM');
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child!.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // npm relays the signal to the script and may itself end by it; the product must exit cleanly.
    expect(exit.code === 0 || exit.signal === 'SIGTERM', JSON.stringify(exit)).toBe(true);
    // npm may exit on the relayed signal before the product has finished stopping (DynamoDB
    // Local's JVM takes a moment on a slow machine): every process of the tree must be gone soon.
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    let survivors = tree.filter(alive);
    const deadline = Date.now() + 20_000;
    while (survivors.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      survivors = survivors.filter(alive);
    }
    expect(survivors, start.output()).toEqual([]);
  }, 420_000);

  /**
   * `npm test` while `npm start` runs must leave the product alone: they once shared web/dist (the
   * browser tests' build emptied it under the running product) and Vite's cache, and sign-in broke
   * until a restart. This does what the stack tests' global setup does (a production build and a
   * second stack) while loading the product's pages, then signs in to the product in Chromium.
   */
  async function servesBesideATestRun(url: string, productDist: string) {
    const files = await spaFiles(url);
    expect(files.length).toBeGreaterThan(1);
    const product = await snapshot(productDist);
    const checkout = await snapshot(WEB_DIST);

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
      // As small a universe as the product's here: the seed's size is not what could collide.
      const testStack = await startSharedStack(40);
      await testStack.stop();
    } finally {
      testsDone = true;
      await loading;
    }

    expect(rounds).toBeGreaterThan(5);
    expect(failures).toEqual([]);
    // The product's build, and the checkout's web/dist that `npm start` serves by default, are
    // untouched: the tests built elsewhere.
    expect(await snapshot(productDist)).toEqual(product);
    expect(await snapshot(WEB_DIST)).toEqual(checkout);
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
  }
});
