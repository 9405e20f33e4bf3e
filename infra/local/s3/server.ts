import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost, LOOPBACK_HOST } from '../loopback';
import { corsHeaders, preflight, type CorsRule } from './cors';
import { BUCKET_NAME, ObjectStore, type ObjectMetadata } from './object-store';
import { checkPostUpload } from './post-policy';
import { errorXml, S3Error, s3Errors } from './s3-error';
import { checkSignature, splitUrl, type LocalS3Key } from './sigv4-check';

export interface LocalS3Options {
  readonly port: number;
  /** Where buckets and objects are kept. */
  readonly directory: string;
  readonly key: LocalS3Key;
  /** Buckets made at start (if missing), each with its CORS rules. */
  readonly buckets: readonly { readonly name: string; readonly cors: readonly CorsRule[] }[];
}

export interface RunningS3 {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/**
 * No request body the product sends comes near this (an import is at most 64 KB, an export a few
 * KB): a larger one is refused before it is read into memory.
 */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Query parameters that name no operation: the SDK's own, and GetObject's answer overrides. */
const PLAIN_PARAMETERS = /^(x-id|x-amz-checksum-mode|x-amz-content-sha256|response-.+|X-Amz-.+)$/i;

interface Target {
  readonly bucket: string;
  /** Undefined for the bucket itself. */
  readonly key: string | undefined;
}

/** Path-style addressing (`/bucket/key`), the key decoded. */
function targetOf(path: string): Target | undefined {
  const match = /^\/([^/]+)(?:\/(.*))?$/.exec(path);
  if (!match) return undefined;
  try {
    const key = match[2] ? decodeURIComponent(match[2]) : undefined;
    return { bucket: decodeURIComponent(match[1]!), key };
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw s3Errors.entityTooLarge(declared, MAX_BODY_BYTES);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_BODY_BYTES) throw s3Errors.entityTooLarge(size, MAX_BODY_BYTES);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** How many tags an object has: they were given as a query string (PUT) or as XML (POST form). */
const tagCount = (tagging: string) =>
  tagging.startsWith('<') ? tagging.split('<Tag>').length - 1 : tagging.split('&').length;

const objectHeaders = (metadata: ObjectMetadata): Record<string, string> => ({
  'content-type': metadata.contentType,
  'content-length': String(metadata.size),
  etag: metadata.etag,
  'last-modified': metadata.lastModified,
  'accept-ranges': 'bytes',
  ...(metadata.tagging ? { 'x-amz-tagging-count': String(tagCount(metadata.tagging)) } : {}),
});

/**
 * A small S3 of our own for the local stack, doing exactly what the product asks of S3: the
 * browser's POST upload through a presigned form (its policy and signature checked), and
 * PutObject, GetObject (also by presigned URL), HeadObject, DeleteObject, HeadBucket and
 * CreateBucket with their SigV4 signatures checked. Anything else is S3's 501. It listens on
 * loopback, answers only requests addressed to loopback (a DNS-rebinding page names its own
 * host), applies the bucket's CORS rules as S3 does and keeps the objects under `directory`.
 */
export async function startLocalS3(options: LocalS3Options): Promise<RunningS3> {
  const store = new ObjectStore(options.directory);
  const cors = new Map(options.buckets.map((b) => [b.name, b.cors]));
  for (const bucket of options.buckets) await store.createBucket(bucket.name);
  let port = options.port;

  /** `answer.cors`: what every answer to the request carries, S3's refusals too. */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    answer: { cors: Record<string, string> },
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    if (!isLoopbackHost(req, port)) {
      throw s3Errors.accessDenied('The Host header must name this loopback service.');
    }
    const { path, query } = splitUrl(url);
    const target = targetOf(path);
    if (!target) throw s3Errors.notImplemented('requests without a bucket (ListBuckets)');
    const subresources = Object.keys(query).filter((name) => !PLAIN_PARAMETERS.test(name));
    if (subresources.length > 0) {
      throw s3Errors.notImplemented(`the ${subresources.join(', ')} subresource`);
    }
    const rules = cors.get(target.bucket) ?? [];

    if (method === 'OPTIONS') {
      send(res, 200, preflight(rules, req.headers));
      return;
    }
    if (method === 'POST' && target.key === undefined) {
      // The page reads S3's answer to its upload, a refusal too (the SPA shows the status).
      answer.cors = corsHeaders(rules, req.headers, method);
      await postUpload(req, res, target.bucket, answer.cors);
      return;
    }

    const { payloadHash } = await checkSignature(
      { method, url, headers: req.headers },
      options.key,
    );
    const body = await readBody(req);
    if (/^[0-9a-f]{64}$/.test(payloadHash)) {
      if (createHash('sha256').update(body).digest('hex') !== payloadHash) {
        throw s3Errors.contentSha256Mismatch();
      }
    } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      throw s3Errors.notImplemented(`payloads sent as ${payloadHash}`);
    }
    if (req.headers.range !== undefined) throw s3Errors.notImplemented('ranged GETs');

    if (target.key === undefined) {
      await bucketOperation(res, method, target.bucket);
      return;
    }
    if (!(await store.hasBucket(target.bucket))) throw s3Errors.noSuchBucket(target.bucket);
    await objectOperation(req, res, method, { bucket: target.bucket, key: target.key }, body);
  }

  async function bucketOperation(res: ServerResponse, method: string, bucket: string) {
    if (method === 'HEAD') {
      if (!(await store.hasBucket(bucket))) throw s3Errors.noSuchBucket(bucket);
      send(res, 200, { 'x-amz-bucket-region': options.key.region });
    } else if (method === 'PUT') {
      if (!BUCKET_NAME.test(bucket)) throw s3Errors.invalidBucketName(bucket);
      if (!(await store.createBucket(bucket))) throw s3Errors.bucketAlreadyOwnedByYou(bucket);
      send(res, 200, { location: `/${bucket}` });
    } else {
      throw s3Errors.notImplemented(`${method} on a bucket`);
    }
  }

  async function objectOperation(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    { bucket, key }: { bucket: string; key: string },
    body: Buffer,
  ) {
    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source'] !== undefined)
        throw s3Errors.notImplemented('CopyObject');
      const stored = await store.put(bucket, key, {
        body,
        contentType: req.headers['content-type'],
        tagging: req.headers['x-amz-tagging'] as string | undefined,
      });
      send(res, 200, { etag: stored.etag });
    } else if (method === 'GET' || method === 'HEAD') {
      const found = method === 'GET' ? await store.get(bucket, key) : undefined;
      const metadata = found?.metadata ?? (await store.head(bucket, key));
      if (!metadata) throw s3Errors.noSuchKey(key);
      const { query } = splitUrl(req.url ?? '');
      const override = (name: string) => {
        const value = query[`response-${name}`];
        return typeof value === 'string' ? { [name]: value } : {};
      };
      send(
        res,
        200,
        {
          ...objectHeaders(metadata),
          ...override('content-type'),
          ...override('content-disposition'),
        },
        found?.body,
      );
    } else if (method === 'DELETE') {
      await store.delete(bucket, key);
      send(res, 204, {});
    } else {
      throw s3Errors.notImplemented(`${method} on an object`);
    }
  }

  async function postUpload(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    cors: Record<string, string>,
  ) {
    if (!(await store.hasBucket(bucket))) throw s3Errors.noSuchBucket(bucket);
    const type = req.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) throw s3Errors.malformedPost();
    const body = await readBody(req);
    const entries: [string, FormDataEntryValue][] = [];
    try {
      // The platform's multipart parser (undici's), as a service worker's Request would read it.
      const form = await new Request('http://s3.local/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Blob([new Uint8Array(body)]),
      }).formData();
      form.forEach((value, name) => entries.push([name, value]));
    } catch {
      throw s3Errors.malformedPost();
    }
    // S3 reads the fields before the file and ignores any after it.
    const fileAt = entries.findIndex(([name]) => name.toLowerCase() === 'file');
    const file = entries[fileAt]?.[1];
    if (file === undefined || typeof file === 'string') {
      throw s3Errors.invalidArgument('POST requires exactly one file upload per request.');
    }
    const fields = entries
      .slice(0, fileAt)
      .map(([name, value]) => [name, typeof value === 'string' ? value : ''] as const);
    const content = new Uint8Array(await file.arrayBuffer());
    const accepted = await checkPostUpload(
      { bucket, fields, fileSize: content.byteLength },
      options.key,
    );
    const stored = await store.put(bucket, accepted.key, {
      body: content,
      contentType: accepted.contentType,
      tagging: accepted.tagging,
    });
    const keyPath = accepted.key.split('/').map(encodeURIComponent).join('/');
    send(res, 204, {
      ...cors,
      etag: stored.etag,
      location: `http://${req.headers.host}/${bucket}/${keyPath}`,
    });
  }

  const server = createServer((req, res) => {
    const requestId = randomUUID();
    res.setHeader('x-amz-request-id', requestId);
    const answer = { cors: {} };
    handle(req, res, answer).catch((error: unknown) => {
      const s3Error =
        error instanceof S3Error
          ? error
          : new S3Error(
              500,
              'InternalError',
              'We encountered an internal error. Please try again.',
            );
      if (!(error instanceof S3Error)) console.error('Local S3:', error);
      // A HEAD answer has no body: the SDK reads the status alone.
      const body = req.method === 'HEAD' ? undefined : errorXml(s3Error, requestId);
      send(res, s3Error.status, { ...answer.cors, 'content-type': 'application/xml' }, body);
      // What was not read of a refused request is not read: the connection closes after it.
      if (!req.complete) res.once('finish', () => req.destroy());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK_HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://${LOOPBACK_HOST}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body?: string | Buffer,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, headers);
  res.end(body);
}
