import type { RequestListener, ServerResponse } from 'node:http';
import type { SigningKey } from './signing-key';

// Case-insensitive and with an optional trailing slash, as Express (cognito-local's router) matches.
const JWKS_PATH = /^\/[^/]+\/\.well-known\/jwks\.json\/?$/i;
const OAUTH_PATH = /^\/oauth2(\/|$)/i;

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * The service's HTTP endpoints beside the API, as the product's Cognito pool has them:
 *
 * - The pools' JWKS names this installation's public key: cognito-local publishes the key pair of
 *   its npm package there, and the APIs trust the key the JWKS names.
 * - No OAuth endpoints (/oauth2/authorize, /oauth2/token): the product's app client disables OAuth
 *   and its pool has no domain (infra/aws/user-pool.ts). cognito-local's versions check neither a
 *   disabled user, nor the refresh token's expiry or sign-in session, nor the attempt limits.
 */
export function withPoolEndpoints(app: RequestListener, key: SigningKey): RequestListener {
  const jwks = { keys: [key.jwk] };
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' && JWKS_PATH.test(path)) return sendJson(res, 200, jwks);
    if (OAUTH_PATH.test(path)) {
      return sendJson(res, 404, {
        error: 'not_found',
        error_description: 'This user pool has no domain: its app client does not use OAuth.',
      });
    }
    return void app(req, res);
  };
}
