import { readdir, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The SPA's Vite root (web/vite.config.ts). */
export const WEB_ROOT = join(REPO_ROOT, 'web');
/** Where `npm start` serves the production build from (`npm run build:web` writes it too). */
export const WEB_DIST = join(WEB_ROOT, 'dist');

/**
 * What the built SPA is made of: its own folder (sources, index.html, public/, the Vite config),
 * core/ (which it imports), the TypeScript settings web/tsconfig.json extends, and the exact
 * dependency versions. A change to any of them makes a build stale.
 */
const SOURCES = ['web', 'core', 'tsconfig.json', 'package-lock.json'];
/** Not part of a build: its output and dependencies, and the unit tests beside the sources. */
const SKIPPED_DIRS = new Set(['dist', 'node_modules']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The newest modification time (ms) among the files under `path` that go into a build. A folder's
 * own time counts (it changes when a file is removed), except for the folder the build is written
 * into, whose time the build itself changes.
 */
async function newestIn(path: string, outDir: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return TEST_FILE.test(path) ? 0 : info.mtimeMs;
  const entries = await readdir(path, { withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((e) => !(e.isDirectory() && SKIPPED_DIRS.has(e.name)))
      .map((e) => newestIn(join(path, e.name), outDir)),
  );
  return Math.max(path === dirname(outDir) ? 0 : info.mtimeMs, ...times);
}

/** When the build in `outDir` was made (its index.html's time), or undefined when there is none. */
async function builtAt(outDir: string): Promise<number | undefined> {
  try {
    return (await stat(join(outDir, 'index.html'))).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Whether `outDir` holds a build at least as new as every source of the SPA. */
export async function isWebBuildFresh(outDir: string, root = REPO_ROOT): Promise<boolean> {
  const built = await builtAt(outDir);
  if (built === undefined) return false;
  const times = await Promise.all(SOURCES.map((s) => newestIn(join(root, s), outDir)));
  const newest = Math.max(...times);
  return newest <= built;
}

export interface WebBuildOptions {
  /** Where the build goes (emptied first). */
  readonly outDir: string;
  /** Vite's cache folder; tests give one of their own so they never share the product's. */
  readonly cacheDir?: string;
}

/** The production build of the SPA into `outDir`, as `npm run build:web` makes it. */
export async function buildWeb({ outDir, cacheDir }: WebBuildOptions): Promise<void> {
  const started = new Date();
  // Under vitest NODE_ENV is 'test', which would give React's development build: build what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // Loaded here: the stack imports this module for WEB_ROOT, and most starts need no build.
    const { build } = await import('vite');
    await build({
      configFile: join(WEB_ROOT, 'vite.config.ts'),
      root: WEB_ROOT,
      mode: 'production',
      logLevel: 'warn',
      ...(cacheDir ? { cacheDir } : {}),
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  // The build counts from when it started: a source saved while it ran makes it stale.
  await utimes(join(outDir, 'index.html'), started, started);
}

/**
 * Builds the SPA into `outDir` unless a build there is already at least as new as its sources —
 * what `npm start` does before serving it. Answers whether it built.
 */
export async function ensureWebBuild(
  options: WebBuildOptions & { readonly log?: (line: string) => void },
): Promise<boolean> {
  if (await isWebBuildFresh(options.outDir)) return false;
  options.log?.('Building the SPA (no build yet, or its sources changed since)…');
  const started = Date.now();
  await buildWeb(options);
  options.log?.(`SPA built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
