import type { IncomingMessage } from 'node:http';
import { loopbackOrigins } from './loopback';

export interface Refusal {
  readonly status: number;
  readonly message: string;
}

/**
 * Whether a request may change state through a /dev/* control of the server on `port`: only a JSON
 * POST from the product's own pages or from a tool such as curl (no Origin). Any other web page
 * the developer has open is refused: it can POST a form or a "simple" text/plain fetch to
 * localhost without asking, but not with Content-Type application/json (that needs a CORS
 * preflight, which this server never grants), and its Origin names it.
 */
export function refuseDevChange(req: IncomingMessage, port: number): Refusal | undefined {
  if (req.method !== 'POST') return { status: 405, message: 'Use POST' };
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { status: 415, message: 'The body must be JSON (Content-Type: application/json)' };
  }
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (
    (origin !== undefined && !loopbackOrigins(port).includes(origin)) ||
    (site !== undefined && site !== 'same-origin' && site !== 'none')
  ) {
    return { status: 403, message: 'Only the local product itself may call /dev/ controls' };
  }
  return undefined;
}
