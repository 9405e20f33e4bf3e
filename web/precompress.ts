import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|map)$/;
/**
 * Smaller files are served as they are: compression gains a few hundred bytes at most there, and
 * CloudFront itself compresses only objects of 1,000 bytes or more.
 */
export const MIN_PRECOMPRESSED_BYTES = 1024;

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
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const files = await Promise.all(
          entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
        );
        return files.flat();
      };
      for (const file of await walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = await readFile(file);
        if (content.length < MIN_PRECOMPRESSED_BYTES) continue;
        // Source maps (four fifths of the bytes) are fetched only by developer tools: compressed
        // quickly, not smallest; the best quality there took 15 s of each build.
        const map = file.endsWith('.map');
        await writeFile(`${file}.gz`, gzipSync(content, { level: map ? 6 : 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: map ? 5 : 11 },
          }),
        );
      }
    },
  };
}
