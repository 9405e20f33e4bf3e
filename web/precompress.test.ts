import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_PRECOMPRESSED_BYTES, precompressDir } from './precompress';

describe('precompressDir', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const script = 'export const figure = () => "a figure";\n'.repeat(200);

  it('writes .br and .gz beside each text asset big enough to gain, and none beside small ones', async () => {
    const [out, cache] = [await tempDir(), await tempDir()];
    await writeFile(join(out, 'index-abc.js'), script);
    await writeFile(join(out, 'tiny.js'), 'x'.repeat(MIN_PRECOMPRESSED_BYTES - 1));
    await writeFile(join(out, 'logo.png'), Buffer.alloc(5_000));
    await precompressDir(out, cache);

    expect((await readdir(out)).sort()).toEqual([
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'logo.png',
      'tiny.js',
    ]);
    expect(brotliDecompressSync(await readFile(join(out, 'index-abc.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(await readFile(join(out, 'index-abc.js.gz'))).toString()).toBe(script);
  });

  it('takes a file it compressed before from the cache instead of compressing it again', async () => {
    const cache = await tempDir();
    const first = await tempDir();
    await writeFile(join(first, 'index-abc.js'), script);
    await precompressDir(first, cache);
    const cached = (await readdir(cache)).sort();
    expect(cached).toHaveLength(2);
    // Marked, so a second compression would show: the cached bytes are what the next build gets.
    const brotliEntry = cached.find((name) => name.endsWith('.br'))!;
    await writeFile(join(cache, brotliEntry), 'from the cache');

    const second = await tempDir();
    await writeFile(join(second, 'index-abc.js'), script);
    await precompressDir(second, cache);
    expect((await readFile(join(second, 'index-abc.js.br'))).toString()).toBe('from the cache');
  });
});
