import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type ClientHttp2Session } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type RunningEdge } from './edge';

/** An origin that says what reached it. */
function echoOrigin(): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(201, {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Encoding': 'identity',
        Connection: 'keep-alive',
      });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

function fetchH2(
  session: ClientHttp2Session,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({
      ':method': init.method ?? 'GET',
      ':path': path,
      ...init.headers,
    });
    let headers: IncomingHttpHeaders = {};
    let body = '';
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
    stream.end(init.body);
  });
}

describe('the local edge (TLS and HTTP/2 in front of the local server, as CloudFront)', () => {
  let origin: Server;
  let edge: RunningEdge;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    origin = await echoOrigin();
    const { port } = origin.address() as { port: number };
    edge = await startEdge(`http://localhost:${port}`);
    // The certificate is self-signed: trust is checked below by its key's hash instead.
    session = connect(edge.url, { rejectUnauthorized: false });
  });

  afterAll(async () => {
    session.close();
    await edge.stop();
    await new Promise((resolve) => origin.close(resolve));
  });

  it('answers over HTTP/2 with the certificate whose key hash it names', async () => {
    await fetchH2(session, '/');
    const socket = session.socket as TLSSocket;
    expect(socket.alpnProtocol).toBe('h2');
    const key = socket.getPeerX509Certificate()!.publicKey.export({ type: 'spki', format: 'der' });
    expect(createHash('sha256').update(key).digest('base64')).toBe(edge.spkiSha256);
    expect(new URL(edge.url).hostname).toBe('localhost');
  });

  it('forwards the request as it came, addressed to the origin', async () => {
    const { port } = origin.address() as { port: number };
    const answer = await fetchH2(session, '/api/asset/x?y=1', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'accept-encoding': 'br', 'content-type': 'application/json' },
    });
    const seen = JSON.parse(answer.body) as {
      method: string;
      url: string;
      headers: IncomingHttpHeaders;
      body: string;
    };
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/asset/x?y=1');
    expect(seen.body).toBe('{"a":1}');
    // The origin refuses other hosts (DNS rebinding): the edge names it as its own.
    expect(seen.headers.host).toBe(`localhost:${port}`);
    expect(seen.headers['accept-encoding']).toBe('br');
    expect(Object.keys(seen.headers).filter((name) => name.startsWith(':'))).toEqual([]);
  });

  it('passes on the answer as the origin gave it, without its hop-by-hop headers', async () => {
    const answer = await fetchH2(session, '/assets/app.js');
    expect(answer.status).toBe(201);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe('identity');
    expect(answer.headers.connection).toBeUndefined();
  });

  it('answers 502 when the origin does not answer', async () => {
    const gone = await startEdge('http://localhost:1');
    const client = connect(gone.url, { rejectUnauthorized: false });
    try {
      const answer = await fetchH2(client, '/');
      expect(answer.status).toBe(502);
    } finally {
      client.close();
      await gone.stop();
    }
  });
});
