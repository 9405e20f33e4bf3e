import { Agent, request } from 'node:http';

export interface KeepAliveAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** From sending the request to the last byte of the answer. */
  readonly ms: number;
  /** Whether the request went over the connection a previous request had used. */
  readonly reusedSocket: boolean;
}

/**
 * A client on ONE keep-alive connection (node:http's Agent, maxSockets 1), as browsers and load
 * balancers hold them: what one answer leaves on the connection is what the next request meets.
 */
export function keepAliveClient(baseUrl: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<KeepAliveAnswer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const body = options.body ?? '';
      const req = request(
        new URL(path, baseUrl),
        {
          method,
          agent,
          // Chunked uploads declare no length.
          headers: options.headers?.['Transfer-Encoding']
            ? options.headers
            : { 'Content-Length': String(Buffer.byteLength(body)), ...options.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const ms = performance.now() - started;
            void sent.then(() =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
                ms,
                reusedSocket: req.reusedSocket,
              }),
            );
          });
        },
      );
      // An answer can come before the upload is through (an early 413); the connection is free
      // for the next request only when both are done, so the answer is given then.
      const sent = new Promise<void>((resolveSent) => req.on('finish', resolveSent));
      req.on('error', reject);
      // A server that resets an upload it will not read fails the write after the answer came,
      // when node:http no longer routes the socket's error to the request.
      req.on('socket', (socket) => {
        socket.on('error', reject);
        void sent.finally(() => socket.off('error', reject));
      });
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}
