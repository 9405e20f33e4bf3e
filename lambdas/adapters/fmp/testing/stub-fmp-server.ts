import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helper: a provider stand-in on loopback that records every request it gets. */

export interface StubReply {
  readonly status?: number;
  /** An object is sent as JSON, a string verbatim (for malformed bodies). */
  readonly body?: unknown;
  /** Delay before answering, to provoke time-outs. */
  readonly delayMs?: number;
  /** Send the headers and half the body, then nothing more (a time-out while reading). */
  readonly stall?: boolean;
}

/** Answers a request; `attempt` counts the requests to the same path so far (1-based). */
export type StubRoute = (url: URL, attempt: number) => StubReply;

export interface StubServer {
  readonly baseUrl: string;
  /** Every request URL received, in order. */
  readonly requests: URL[];
  /** Requests received for a path (query ignored). */
  count(path: string): number;
  close(): Promise<void>;
}

/**
 * Routes by exact path (the stable API's paths carry no symbol: a route tells symbols apart by the
 * query, as stub-fmp-client's bySymbol does); unmatched paths answer 404 like FMP's unknown
 * endpoints.
 */
export async function startStubServer(routes: Record<string, StubRoute>): Promise<StubServer> {
  const requests: URL[] = [];
  const count = (path: string) => requests.filter((u) => u.pathname === path).length;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const route = routes[url.pathname];
    const reply: StubReply = route ? route(url, count(url.pathname)) : { status: 404, body: {} };
    const send = () => {
      if (res.destroyed) return;
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? []);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      if (reply.stall) res.write(body.slice(0, Math.floor(body.length / 2)));
      else res.end(body);
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    count,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
