import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import sirv from 'sirv';
import { HASHED_ASSETS_DIR, siteCacheControl } from '../../core/site-delivery';

type Next = () => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

export interface Spa {
  readonly handle: Middleware;
  /**
   * Nonce of the inline script Vite's dev server injects (React's refresh preamble), for the
   * Content-Security-Policy; undefined for the built SPA, which has no inline script.
   */
  readonly scriptNonce?: string;
  close(): Promise<void>;
}

/**
 * The production build in `distDir`, served as CloudFront serves it in AWS: the precompressed
 * .br/.gz files the build wrote (for a browser that accepts them), and the Cache-Control of
 * core/site-delivery.ts (hashed assets for a year, everything else revalidated).
 */
export function builtSpa(distDir: string): Spa {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`No built SPA in ${distDir}: run "npm run build:web" first.`);
  }
  const files = sirv(distDir, { single: true, etag: true, gzip: true, brotli: true }) as Middleware;
  const handle: Middleware = (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    res.setHeader('Cache-Control', siteCacheControl(path));
    files(req, res, () => {
      // sirv treats a path with a dot as a file, but /stocks/ABC.L is a route of the SPA: a page
      // request (Accept: text/html) that matches no file gets index.html, as CloudFront does.
      // Never under the hashed assets, which CloudFront does not rewrite (a missing one is a 404):
      // index.html would go out with their year-long Cache-Control.
      if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next();
      if (path.startsWith(`/${HASHED_ASSETS_DIR}/`)) return next();
      req.url = '/index.html';
      files(req, res, next);
    });
  };
  return { handle, close: async () => {} };
}

export interface DevSpaOptions {
  /** The SPA's Vite root (web/). */
  readonly webRoot: string;
  /** The HTTP server whose upgrade requests carry Vite's hot-reload socket. */
  readonly server: Server;
  /** Vite's cache (pre-bundled dependencies); tests pass their own, never the product's. */
  readonly cacheDir?: string;
}

/** Vite's dev server as middleware, with hot reload (`npm run dev`). */
export async function devSpa({ webRoot, server, cacheDir }: DevSpaOptions): Promise<Spa> {
  const { createServer } = await import('vite');
  // One nonce per start: the CSP allows Vite's own inline preamble and no other inline script.
  const scriptNonce = randomBytes(16).toString('base64');
  const vite = await createServer({
    configFile: join(webRoot, 'vite.config.ts'),
    root: webRoot,
    appType: 'spa',
    logLevel: 'warn',
    ...(cacheDir ? { cacheDir } : {}),
    html: { cspNonce: scriptNonce },
    server: { middlewareMode: true, ws: { server } },
  });
  return {
    handle: vite.middlewares as unknown as Middleware,
    scriptNonce,
    close: () => vite.close(),
  };
}
