import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL } from '../../core/site-delivery';
import { freePort } from '../../infra/local/ports';
import { npmStart } from '../support/npm-start';
import { MIN_PRECOMPRESSED_BYTES } from '../../web/precompress';

/** Runs `npm start` as a user would (a real process tree) and stops it with SIGTERM. */
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

  it('builds the SPA when there is no build, serves it as CloudFront does and a healthy stack within 120 s, then stops every process on SIGTERM', async () => {
    const port = await freePort();
    workDir = await mkdtemp(join(tmpdir(), 'stockscope-start-'));
    const started = Date.now();
    // Its own data and build folders: an empty one, so this start must build (and a product
    // running from this checkout keeps its web/dist).
    const start = npmStart(port, {
      DATA_DIR: join(workDir, 'data'),
      WEB_DIST_DIR: join(workDir, 'dist'),
    });
    child = start.child;
    const healthy = await start.healthy(120_000);
    const output = start.output();
    expect(healthy, output).toBe(true);
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(output).toContain('Building the SPA');

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
  }, 180_000);
});
