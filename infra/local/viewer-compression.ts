import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** CloudFront compresses objects of 1,000 bytes up to 10,000,000 bytes, no smaller, no larger. */
const MIN_BYTES = 1_000;
const MAX_BYTES = 10_000_000;
/** The content types CloudFront compresses that the APIs answer with. */
const COMPRESSIBLE_TYPE = /json|text|javascript|xml/i;

export interface EncodedBody {
  readonly body: Buffer;
  /** Content-Encoding (and Vary) to add; none when the body goes as it is. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * An answer as CloudFront hands it to a viewer when the behaviour's cache policy accepts gzip and
 * brotli (infra/aws/web-delivery.ts, the asset API's): Brotli when the browser accepts it, else
 * gzip, for a compressible type within CloudFront's size range; an answer the origin already
 * encoded passes as it is.
 */
export function encodeForViewer(
  req: IncomingMessage,
  headers: Readonly<Record<string, string | string[]>>,
  body: Buffer,
): EncodedBody {
  const header = (name: string) =>
    Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const type = String(header('content-type') ?? '');
  if (
    body.length < MIN_BYTES ||
    body.length > MAX_BYTES ||
    header('content-encoding') !== undefined ||
    !COMPRESSIBLE_TYPE.test(type)
  ) {
    return { body, headers: {} };
  }
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]!.toLowerCase());
  if (accepted.includes('br')) {
    // A middling quality, as a CDN compressing on the fly uses: most of the saving, little time.
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body: br, headers: { 'Content-Encoding': 'br', Vary: 'Accept-Encoding' } };
  }
  if (accepted.includes('gzip')) {
    return {
      body: gzipSync(body),
      headers: { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' },
    };
  }
  return { body, headers: {} };
}
