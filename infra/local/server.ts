import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { handleApiRequest, type LocalApi } from './api-gateway';
import { DEV_EXPIRE_PATH, handleDevExpire } from './dev-identity';
import type { HealthReport } from './health';
import type { IdTokenVerifier } from './jwt';
import type { Outbox } from './outbox';
import { renderOutboxPage } from './outbox-page';

/** How the SPA is served: Vite's dev middleware, the built files of web/dist, or not at all. */
export type SpaMode = 'dev' | 'built' | 'none';

export interface LocalServerOptions {
  readonly port: number;
  readonly host?: string;
  readonly apis: readonly LocalApi[];
  /** AppSync's stand-in, served at /graphql. */
  readonly graphql?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  readonly verifier: IdTokenVerifier;
  readonly health: () => Promise<HealthReport>;
  readonly outbox: Outbox;
  readonly spa: SpaMode;
  readonly webRoot: string;
  /**
   * Served as GET /config.json: what the SPA needs to reach the identity service and GraphQL
   * (in AWS the deploy writes the same file next to index.html).
   */
  readonly runtimeConfig?: Readonly<Record<string, string>>;
  /** The identity service's developer control (POST /dev/identity/expire). */
  readonly expireForUser?: (email: string) => Promise<number>;
}

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  stop(): Promise<void>;
}

type Next = () => void;

/** How long stop() waits for requests in flight. */
const STOP_GRACE_MS = 5_000;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * The one local HTTP server: /api/health, /api/<api>/* through the API Gateway adapter,
 * /dev/outbox and /dev/identity/expire, and the SPA for everything else (same origin, as CloudFront serves it in AWS).
 */
export async function startLocalServer(options: LocalServerOptions): Promise<RunningServer> {
  const server = createServer();
  let spa: Middleware | undefined;
  let closeSpa: (() => Promise<void>) | undefined;

  if (options.spa === 'dev') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: join(options.webRoot, 'vite.config.ts'),
      root: options.webRoot,
      appType: 'spa',
      logLevel: 'warn',
      server: { middlewareMode: true, hmr: { server } },
    });
    spa = vite.middlewares as unknown as Middleware;
    closeSpa = () => vite.close();
  } else if (options.spa === 'built') {
    const dist = join(options.webRoot, 'dist');
    if (!existsSync(join(dist, 'index.html'))) {
      throw new Error(
        `No built SPA in ${dist}: run "npm run build:web" first, or start without --built.`,
      );
    }
    const files = sirv(dist, { single: true, etag: true, gzip: true, brotli: true }) as Middleware;
    // sirv treats a path with a dot as a file, but /stocks/ABC.L is a route of the SPA: a page
    // request (Accept: text/html) that matches no file gets index.html, as CloudFront does.
    spa = (req, res, next) =>
      files(req, res, () => {
        if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next();
        req.url = '/index.html';
        files(req, res, next);
      });
  }

  // Requests still being handled when the stack stops: stop() lets them finish before the
  // emulators behind them go away (otherwise they fail against a closed DynamoDB).
  const inFlight = new Set<Promise<void>>();

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = async () => {
      if (url.pathname === '/api/health') {
        const report = await options.health();
        return sendJson(res, report.status === 'up' ? 200 : 503, report);
      }
      const api = options.apis.find(
        (a) => url.pathname === a.prefix || url.pathname.startsWith(`${a.prefix}/`),
      );
      if (api) return handleApiRequest(api, req, res, url, options.verifier);
      if (url.pathname === '/graphql' && options.graphql) return options.graphql(req, res);
      if (url.pathname.startsWith('/api/')) return sendJson(res, 404, { message: 'Not Found' });
      if (url.pathname === '/config.json' && options.runtimeConfig) {
        return sendJson(res, 200, options.runtimeConfig);
      }
      if (url.pathname === DEV_EXPIRE_PATH && options.expireForUser) {
        const answer = await handleDevExpire(req, options.expireForUser);
        return sendJson(res, answer.status, answer.body);
      }
      if (url.pathname === '/dev/outbox') {
        const messages = await options.outbox.list();
        if (
          url.searchParams.get('format') === 'json' ||
          req.headers.accept?.includes('application/json')
        ) {
          return sendJson(res, 200, { messages });
        }
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        return void res.end(renderOutboxPage(messages));
      }
      if (spa) return spa(req, res, () => sendJson(res, 404, { message: 'Not Found' }));
      sendJson(res, 404, { message: 'Not Found' });
    };
    const handled = route()
      .catch((error: unknown) => {
        console.error('Local server error', error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
        else res.destroy();
      })
      .finally(() => inFlight.delete(handled));
    inFlight.add(handled);
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${options.port} is already in use. Stop whatever is listening there or choose another port (e.g. PORT=3001 npm start).`,
            )
          : error,
      );
    });
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  return {
    server,
    url: `http://localhost:${port}`,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS)),
      ]);
      await closeSpa?.();
      server.closeAllConnections();
      await closed;
    },
  };
}
