import { cp, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isWebBuildFresh } from './web-build';

describe('isWebBuildFresh', () => {
  let root = '';
  const dist = () => join(root, 'web', 'dist');
  const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, seconds));
  const touch = (path: string, seconds: number) =>
    utimes(join(root, path), at(seconds), at(seconds));

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'stockscope-web-build-'));
    await mkdir(join(root, 'web', 'src'), { recursive: true });
    await mkdir(join(root, 'web', 'node_modules', '.vite'), { recursive: true });
    await mkdir(join(root, 'core'), { recursive: true });
    await mkdir(dist(), { recursive: true });
    for (const file of [
      'web/src/main.tsx',
      'web/src/main.test.tsx',
      'web/vite.config.ts',
      'web/node_modules/.vite/cache.json',
      'core/rules.ts',
      'tsconfig.json',
      'package-lock.json',
      'web/dist/index.html',
    ]) {
      await writeFile(join(root, file), '');
    }
    // Every source at 10 s, folders included; the build at 20 s.
    for (const path of [
      'web/src/main.tsx',
      'web/src/main.test.tsx',
      'web/src',
      'web/vite.config.ts',
      'web/node_modules/.vite/cache.json',
      'web/node_modules/.vite',
      'web/node_modules',
      'web',
      'core/rules.ts',
      'core',
      'tsconfig.json',
      'package-lock.json',
    ]) {
      await touch(path, 10);
    }
    await touch('web/dist/index.html', 20);
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('is fresh when the build is newer than every source', async () => {
    expect(await isWebBuildFresh(dist(), root)).toBe(true);
  });

  it('is stale when there is no build', async () => {
    await rm(dist(), { recursive: true });
    expect(await isWebBuildFresh(dist(), root)).toBe(false);
  });

  it.each(['web/src/main.tsx', 'web/vite.config.ts', 'core/rules.ts', 'package-lock.json'])(
    'is stale when %s changed after the build',
    async (path) => {
      await touch(path, 30);
      expect(await isWebBuildFresh(dist(), root)).toBe(false);
    },
  );

  it('is stale when a source file was added or removed (its folder changed)', async () => {
    await touch('core', 30);
    expect(await isWebBuildFresh(dist(), root)).toBe(false);
  });

  it('ignores what is not built: unit tests, dependencies caches, the build itself', async () => {
    await touch('web/src/main.test.tsx', 30);
    await touch('web', 30); // as when the build created web/dist
    await touch('web/node_modules/.vite/cache.json', 30);
    await cp(join(root, 'web/dist/index.html'), join(root, 'web/dist/other.html'));
    expect(await isWebBuildFresh(dist(), root)).toBe(true);
  });
});
