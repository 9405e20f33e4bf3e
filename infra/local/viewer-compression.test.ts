import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeForViewer } from './viewer-compression';

const viewer = (acceptEncoding?: string) =>
  ({
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  }) as IncomingMessage;
const JSON_TYPE = { 'Content-Type': 'application/json' };
const bars = Buffer.from(JSON.stringify({ data: Array.from({ length: 400 }, (_, i) => ({ i })) }));

describe('encodeForViewer (CloudFront compression)', () => {
  it('sends Brotli to a browser that accepts it, gzip to one that accepts only gzip', () => {
    const br = encodeForViewer(viewer('gzip, deflate, br, zstd'), JSON_TYPE, bars);
    expect(br.headers).toEqual({ 'Content-Encoding': 'br', Vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body)).toEqual(bars);
    expect(br.body.length).toBeLessThan(bars.length / 4);

    const gzip = encodeForViewer(viewer('gzip;q=1.0, identity'), JSON_TYPE, bars);
    expect(gzip.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(bars);
  });

  it('passes the body as it is without an accepted encoding, below 1,000 bytes, or already encoded', () => {
    for (const [req, headers, body] of [
      [viewer(), JSON_TYPE, bars],
      [viewer('deflate'), JSON_TYPE, bars],
      [viewer('br'), JSON_TYPE, Buffer.from('{"data":[]}')],
      [viewer('br'), { ...JSON_TYPE, 'content-encoding': 'gzip' }, bars],
      [viewer('br'), { 'Content-Type': 'image/png' }, bars],
    ] as const) {
      expect(encodeForViewer(req, headers, body)).toEqual({ body, headers: {} });
    }
  });
});
