import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isLoopbackHost } from '../loopback';
import { PUBLIC_OPERATIONS } from './public-operations';
import { verifySigV4, type SigV4Key } from './sigv4-verify';

export interface IdentityGuardOptions {
  /** The port the service listens on, for the Host check. */
  readonly port: number;
  /**
   * The origins whose pages may call the service — the product's own, as the SPA signs in from
   * there. Asked per request: the product's server starts (and learns its port) after this one.
   */
  readonly allowedOrigins: () => readonly string[];
  /** The key SigV4-signed operations must be signed with (the local AWS credentials). */
  readonly key: SigV4Key;
}

/** cognito-local's body-parser takes 100 KB of JSON; so does this. */
const MAX_BODY_BYTES = 100 * 1024;
const AMZ_JSON = 'application/x-amz-json-1.1';

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  const text = JSON.stringify({ __type: code, message });
  res.writeHead(status, {
    'Content-Type': AMZ_JSON,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Puts cognito-local's Express app (`app`) behind what keeps a web page out of it: the service
 * listens on loopback, but any page the developer opens can send requests there.
 *
 * - The Host header must name the service (127.0.0.1 or localhost with its port): DNS rebinding.
 * - CORS: cognito-local answers every origin with `Access-Control-Allow-Origin: *`. A request
 *   with an Origin other than the product's own is refused, and the allowed one is named instead
 *   of '*' — so only the product's pages can call the service, as the SPA does to sign in.
 * - Operations Cognito authorises with IAM (everything but PUBLIC_OPERATIONS: Admin*, ListUsers,
 *   the pool's management) must carry a valid SigV4 signature with the local key, as the AWS SDK
 *   signs them on a server; a browser has no key to sign with.
 */
export function guardIdentityService(app: RequestListener, options: IdentityGuardOptions) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!isLoopbackHost(req, options.port)) {
      return refuse(res, 403, 'ForbiddenException', 'Unknown host');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !options.allowedOrigins().includes(origin)) {
      return refuse(res, 403, 'ForbiddenException', `Origin ${origin} may not call this service`);
    }
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => {
      if (name.toLowerCase() !== 'access-control-allow-origin') return setHeader(name, value);
      if (origin !== undefined) {
        setHeader('Vary', 'Origin');
        setHeader(name, origin);
      }
      return res;
    };

    const target = req.headers['x-amz-target'];
    if (req.method !== 'POST' || typeof target !== 'string') return void app(req, res);
    const operation = target.split('.')[1] ?? '';
    void (async () => {
      const body = await readBody(req);
      if (body === 'too-large') {
        return refuse(res, 413, 'RequestEntityTooLargeException', 'Request body too large');
      }
      if (!PUBLIC_OPERATIONS.has(operation)) {
        const url = req.url ?? '/';
        const refused = await verifySigV4(
          { method: req.method!, url, headers: req.headers, body },
          options.key,
        );
        if (refused) return refuse(res, 400, refused.code, refused.message);
      }
      // The body is read: hand cognito-local the parsed JSON (its body-parser skips a read request).
      if (req.headers['content-type']?.startsWith(AMZ_JSON)) {
        try {
          (req as IncomingMessage & { body?: unknown }).body = JSON.parse(body.toString('utf8'));
        } catch {
          return refuse(res, 400, 'SerializationException', 'The request body is not JSON');
        }
      }
      app(req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, 'InternalErrorException', String(error));
      else res.destroy();
    });
  };
}
