import type { IncomingMessage } from 'node:http';

/** Every local service listens here only: nothing of the local product is reachable from the LAN. */
export const LOOPBACK_HOST = '127.0.0.1';

/**
 * Whether a request's Host header names this machine's loopback service on `port`. Listening on
 * 127.0.0.1 keeps other machines out, but not a web page: with DNS rebinding, a page of
 * evil.example re-points its own name at 127.0.0.1 and then reads this service as same-origin —
 * its requests still say `Host: evil.example:<port>`, and are refused here.
 */
export function isLoopbackHost(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host?.toLowerCase();
  return host === `${LOOPBACK_HOST}:${port}` || host === `localhost:${port}`;
}

/** The origins a page of a loopback service on `port` has (the browser names it either way). */
export function loopbackOrigins(port: number): readonly string[] {
  return [`http://localhost:${port}`, `http://${LOOPBACK_HOST}:${port}`];
}
