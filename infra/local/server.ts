import { DEV_ALERT_RUN_PATH, handleDevAlertRun, type DevAlertRun } from './dev-alerts';
import {
  DEV_VERDICT_ALERT_RUN_PATH,
  handleDevVerdictAlertRun,
  type DevVerdictAlertRun,
} from './dev-verdict-alerts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  contentSecurityPolicy,
  PAGE_CACHE_CONTROL,
  securityHeaders,
} from '../../core/site-delivery';
import { handleApiRequest, type LocalApi } from './api-gateway';
import { DEV_EXPIRE_PATH, handleDevExpire } from './dev-identity';
import { handleDevStripe, type DevStripe } from './dev-stripe';
import { refuseDevChange } from './dev-request-guard';
import { healthStatusCode, type HealthReport } from './health';
import type { IdTokenVerifier } from './jwt';
import { isLoopbackHost, LOOPBACK_HOST } from './loopback';
import type { Outbox } from './outbox';
import { renderOutboxPage } from './outbox-page';
import { builtSpa, devSpa, type Spa } from './spa-middleware';
import { sendJson } from './write-result';

/** How the SPA is served: Vite's dev middleware, a production build, or not at all. */
export type SpaMode = 'dev' | 'built' | 'none';

export interface LocalServerOptions {
  readonly port: number;
  readonly apis: readonly LocalApi[];
  /** AppSync's stand-in, served at /graphql. */
  readonly graphql?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  readonly verifier: IdTokenVerifier;
  readonly health: () => Promise<HealthReport>;
  readonly outbox: Outbox;
  readonly spa: SpaMode;
  /** The SPA's Vite root (web/), for the dev server. */
  readonly webRoot: string;
  /** The production build served in 'built' mode (default: webRoot/dist). */
  readonly webDist?: string;
  /** The dev server's Vite cache (default: Vite's own); tests pass one of their own. */
  readonly viteCacheDir?: string;
  /** Origins the SPA may connect to besides this server (the identity service), for the CSP. */
  readonly connectOrigins?: readonly string[];
  /**
   * Served as GET /config.json: what the SPA needs to reach the identity service and GraphQL
   * (in AWS the deploy writes the same file next to index.html).
   */
  readonly runtimeConfig?: Readonly<Record<string, string | boolean>>;
  /** The identity service's developer control (POST /dev/identity/expire). */
  readonly expireForUser?: (email: string) => Promise<number>;
  /** The local Stripe's test clock and cards (POST /dev/stripe/clock, /dev/stripe/card). */
  readonly devStripe?: DevStripe;
  /**
   * One price-alert evaluation, now or priced as of an instant, of everyone's alerts or one user's
   * (POST /dev/alerts/run).
   */
  readonly runAlerts?: DevAlertRun;
  /** One run of the verdict-change evaluator, now or as of an instant (POST /dev/verdict-alerts/run). */
  readonly runVerdictAlerts?: DevVerdictAlertRun;
}

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  stop(): Promise<void>;
}

/** How long stop() waits for requests in flight. */
const STOP_GRACE_MS = 5_000;

/**
 * The one local HTTP server: /api/health, /api/<api>/* through the API Gateway adapter,
 * /dev/outbox and /dev/identity/expire, and the SPA for everything else (same origin, as CloudFront
 * serves it in AWS). It listens on 127.0.0.1 only, answers only requests addressed to it by that
 * name or localhost (DNS rebinding), and every answer carries the security headers CloudFront adds.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<RunningServer> {
  const server = createServer();
  let spa: Spa | undefined;
  if (options.spa === 'dev') {
    spa = await devSpa({ webRoot: options.webRoot, server, cacheDir: options.viteCacheDir });
  } else if (options.spa === 'built') {
    spa = builtSpa(options.webDist ?? join(options.webRoot, 'dist'));
  }
  const headers = securityHeaders(
    contentSecurityPolicy({
      connect: options.connectOrigins ?? [],
      analytics: options.runtimeConfig?.analyticsId !== undefined,
      ...(spa?.scriptNonce ? { scriptNonce: spa.scriptNonce } : {}),
    }),
  );
  let port = options.port;

  // Requests still being handled when the stack stops: stop() lets them finish before the
  // emulators behind them go away (otherwise they fail against a closed DynamoDB).
  const inFlight = new Set<Promise<void>>();

  server.on('request', (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (!isLoopbackHost(req, port)) {
      return sendJson(res, 403, { message: `Unknown host: use http://localhost:${port}` });
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = async () => {
      if (url.pathname === '/api/health') {
        const report = await options.health();
        return sendJson(res, healthStatusCode(report), report);
      }
      const api = options.apis.find(
        (a) => url.pathname === a.prefix || url.pathname.startsWith(`${a.prefix}/`),
      );
      if (api) return handleApiRequest(api, req, res, url, options.verifier);
      if (url.pathname === '/graphql' && options.graphql) return options.graphql(req, res);
      if (url.pathname.startsWith('/api/')) return sendJson(res, 404, { message: 'Not Found' });
      if (url.pathname === '/config.json' && options.runtimeConfig) {
        // Revalidated on every load, as the deploy uploads it next to index.html.
        return sendJson(res, 200, options.runtimeConfig, { 'Cache-Control': PAGE_CACHE_CONTROL });
      }
      if (url.pathname.startsWith('/dev/') && req.method !== 'GET' && req.method !== 'HEAD') {
        const refused = refuseDevChange(req, port);
        if (refused) return sendJson(res, refused.status, { message: refused.message });
      }
      if (url.pathname === DEV_EXPIRE_PATH && options.expireForUser) {
        const answer = await handleDevExpire(req, options.expireForUser);
        return sendJson(res, answer.status, answer.body);
      }
      if (url.pathname === DEV_ALERT_RUN_PATH && options.runAlerts) {
        const answer = await handleDevAlertRun(req, options.runAlerts);
        return sendJson(res, answer.status, answer.body);
      }
      if (url.pathname === DEV_VERDICT_ALERT_RUN_PATH && options.runVerdictAlerts) {
        const answer = await handleDevVerdictAlertRun(req, options.runVerdictAlerts);
        return sendJson(res, answer.status, answer.body);
      }
      if (url.pathname.startsWith('/dev/stripe/') && options.devStripe) {
        const answer = await handleDevStripe(req, url.pathname, options.devStripe);
        if (answer) return sendJson(res, answer.status, answer.body);
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
      if (spa) return spa.handle(req, res, () => sendJson(res, 404, { message: 'Not Found' }));
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
    server.listen(options.port, LOOPBACK_HOST, () => resolve());
  });
  const address = server.address();
  if (address && typeof address === 'object') port = address.port;
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
      await spa?.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
