import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|map)$/;
/**
 * Smaller files are served as they are: compression gains a few hundred bytes at most there, and
 * CloudFront itself compresses only objects of 1,000 bytes or more.
 */
export const MIN_PRECOMPRESSED_BYTES = 1024;

/**
 * Where compressed files are kept by their content's hash. Brotli's best quality takes about 10 s
 * for the SPA's 1.5 MB of scripts, and a build's hashed files are mostly the same as the last
 * build's: the test run builds the SPA three times, and a developer rebuilds after a small change.
 */
export const PRECOMPRESS_CACHE = fileURLToPath(
  new URL('../node_modules/.cache/stockscope-precompress', import.meta.url),
);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface Encoding {
  readonly extension: 'br' | 'gz';
  readonly compress: (content: Buffer) => Promise<Buffer>;
  /** Part of the cache key: a change of settings compresses again. */
  readonly settings: string;
}

/**
 * Source maps (four fifths of the bytes) are fetched only by developer tools: compressed quickly,
 * not smallest; the best quality there took 15 s of each build.
 */
function encodings(isMap: boolean): readonly Encoding[] {
  const gzipLevel = isMap ? 6 : 9;
  const brotliQuality = isMap ? 5 : 11;
  return [
    {
      extension: 'gz',
      settings: `gzip-${gzipLevel}`,
      compress: (content) => gzipped(content, { level: gzipLevel }),
    },
    {
      extension: 'br',
      settings: `brotli-${brotliQuality}`,
      compress: (content) =>
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    },
  ];
}

/** The compressed content from the cache, or compressed now (in libuv's pool) and cached. */
async function compressedOnce(content: Buffer, encoding: Encoding, cacheDir: string) {
  const key = createHash('sha256').update(encoding.settings).update(content).digest('hex');
  const cached = join(cacheDir, `${key}.${encoding.extension}`);
  const hit = await readFile(cached).catch(() => undefined);
  if (hit) return hit;
  const compressed = await encoding.compress(content);
  // Written aside then renamed: two builds at once (a test run beside `npm start`) never read half.
  const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(partial, compressed);
  await rename(partial, cached);
  return compressed;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return files.flat();
}

/** Writes `<file>.gz` and `<file>.br` beside each text asset of `outDir` big enough to gain. */
export async function precompressDir(outDir: string, cacheDir = PRECOMPRESS_CACHE) {
  await mkdir(cacheDir, { recursive: true });
  const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
  // All at once: zlib's asynchronous calls run in libuv's threads, so every core compresses and
  // the build's process (the test run's, which also serves the stack) is not held up.
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_PRECOMPRESSED_BYTES) return;
      for (const encoding of encodings(file.endsWith('.map'))) {
        const compressed = await compressedOnce(content, encoding, cacheDir);
        await writeFile(`${file}.${encoding.extension}`, compressed);
      }
    }),
  );
}

/**
 * Writes .br and .gz beside each text asset of the build, so the local server's built mode
 * (sirv) serves compressed files as CloudFront does in AWS — the Lighthouse figures then measure
 * the product, not a missing compression step.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'stockscope-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir); // outDir may be absolute (tests build elsewhere)
    },
    closeBundle: () => precompressDir(outDir),
  };
}
