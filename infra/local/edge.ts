import { createHash, createPublicKey } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import {
  createSecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import { generate } from 'selfsigned';
import { LOOPBACK_HOST } from './loopback';

/**
 * Headers of one HTTP/1.1 hop, which HTTP/2 forbids (RFC 9113 §8.2.2) and a proxy does not pass
 * on. `host` is set for the origin instead.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'host',
  'keep-alive',
  'proxy-connection',
  'te',
  'transfer-encoding',
  'upgrade',
]);

export interface RunningEdge {
  /** https://localhost:<port>: what a visitor's browser opens. */
  readonly url: string;
  /**
   * The SHA-256 of the certificate's public key (base64), for Chromium's
   * --ignore-certificate-errors-spki-list: trust this one self-signed certificate, nothing else.
   */
  readonly spkiSha256: string;
  stop(): Promise<void>;
}

/** Copies a message's headers without HTTP/2 pseudo-headers and hop-by-hop ones. */
function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );
}

/**
 * CloudFront's part for measurements: TLS and HTTP/2 in front of the local server (the origin,
 * HTTP/1.1 as an origin may be). In AWS every visitor meets the site over HTTP/2 (the
 * distribution's httpVersion), where a page's dozen scripts share one connection; over the local
 * server's HTTP/1.1 a browser opens at most six and queues the rest, and Lighthouse's simulated
 * phone network charges each its round trips. So the site's speed is measured through this edge.
 * It forwards every request as it came (path, method, body, Accept-Encoding) and every answer as
 * the origin gave it; its certificate is made for the run, for localhost, and lives a day.
 */
export async function startEdge(originUrl: string): Promise<RunningEdge> {
  const origin = new URL(originUrl);
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + 86_400_000),
  });
  const spkiSha256 = createHash('sha256')
    .update(createPublicKey(pems.cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');

  const forward = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const upstream = request(
      {
        host: LOOPBACK_HOST,
        port: origin.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), host: origin.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('The origin did not answer.');
    });
    req.pipe(upstream);
  };

  const server = createSecureServer({ key: pems.private, cert: pems.cert }, forward);
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK_HOST, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `https://localhost:${port}`,
    spkiSha256,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.close();
      await closed;
    },
  };
}
