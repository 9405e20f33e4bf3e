import type { IncomingMessage } from 'node:http';

/**
 * How many bytes of a body are still read (and dropped) after an early answer, so the caller's
 * keep-alive connection stays usable. Beyond that the connection is closed: a client uploading
 * without end costs no more than this.
 */
export const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a request body that has been answered already. Leaving it unread
 * instead (or destroying the request) strands the client's upload on the connection: its next
 * request there hangs for about 6 s and ends in a reset.
 */
export function discardBody(
  req: IncomingMessage,
  { alreadyRead = 0, maxBytes = MAX_DISCARDED_BYTES } = {},
): void {
  let discarded = alreadyRead;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) req.socket.destroy();
  });
  req.resume();
}

/**
 * The request body up to `maxBytes`, or 'too-large' as soon as it is known to be bigger (from
 * Content-Length or while reading): the caller answers at once while the rest is discarded.
 */
export function readBody(
  req: IncomingMessage,
  maxBytes: number,
  { maxDiscardedBytes = MAX_DISCARDED_BYTES } = {},
): Promise<Buffer | 'too-large'> {
  if (Number(req.headers['content-length']) > maxBytes) {
    discardBody(req, { maxBytes: maxDiscardedBytes });
    return Promise.resolve('too-large');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      discardBody(req, { alreadyRead: size, maxBytes: maxDiscardedBytes });
      resolve('too-large');
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
