import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadTicket } from '../../../core/user-files';
import { S3UserFiles } from '../../../lambdas/adapters/s3/user-files';
import { startLocalS3, type RunningS3 } from './server';

const KEY = { accessKeyId: 'local', secretAccessKey: 'local-secret', region: 'us-east-2' };
const BUCKET = 'user-files';
const ORIGIN = 'http://localhost:5173';

let dir = '';
let s3: RunningS3;
const clients: S3Client[] = [];

function client(config: Partial<S3ClientConfig> = {}): S3Client {
  const made = new S3Client({
    region: KEY.region,
    credentials: { accessKeyId: KEY.accessKeyId, secretAccessKey: KEY.secretAccessKey },
    endpoint: s3.endpoint,
    forcePathStyle: true,
    maxAttempts: 1,
    ...config,
  });
  clients.push(made);
  return made;
}

/** Posts the signed fields, then the file, as the SPA does (the Content-Type field may differ). */
function postUploadForm(ticket: UploadTicket, content: string, contentType = 'text/csv') {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) {
    form.append(name, name === 'Content-Type' ? contentType : value);
  }
  form.append('file', new Blob([content], { type: contentType }), 'w.csv');
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** What the SDK threw: S3's code (the SDK's exception name) and status. */
async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return { name: error?.name, status: error?.$metadata?.httpStatusCode };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-s3-'));
  s3 = await startLocalS3({
    port: 0,
    directory: dir,
    key: KEY,
    buckets: [
      {
        name: BUCKET,
        cors: [
          {
            allowedOrigins: ['http://localhost:*'],
            allowedMethods: ['POST'],
            allowedHeaders: ['*'],
            maxAgeSeconds: 600,
          },
        ],
      },
    ],
  });
});

afterAll(async () => {
  for (const made of clients) made.destroy();
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the local S3: the SDK calls the product makes, SigV4 checked', () => {
  it('puts, heads, gets and deletes an object, any key kept inside its folder', async () => {
    const s3Client = client();
    const Key = 'users/ann/../../../etc/a file.json';
    await s3Client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key,
        Body: '{"a":1}',
        ContentType: 'application/json',
        Tagging: 'lifetime=working-copy',
      }),
    );
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: BUCKET, Key }));
    expect(head).toMatchObject({ ContentType: 'application/json', ContentLength: 7 });
    const got = await s3Client.send(new GetObjectCommand({ Bucket: BUCKET, Key }));
    expect(await got.Body?.transformToString()).toBe('{"a":1}');
    expect(got.TagCount).toBe(1);
    // Named by the key's hash, inside the bucket's folder.
    expect(await readdir(join(dir, BUCKET))).toHaveLength(2);

    await s3Client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key }));
    expect(await refusal(s3Client.send(new GetObjectCommand({ Bucket: BUCKET, Key })))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
    expect(await refusal(s3Client.send(new HeadObjectCommand({ Bucket: BUCKET, Key })))).toEqual({
      name: 'NotFound',
      status: 404,
    });
  });

  it('creates a bucket once and answers HeadBucket for the buckets it has', async () => {
    const s3Client = client();
    await s3Client.send(new HeadBucketCommand({ Bucket: BUCKET }));
    expect(await refusal(s3Client.send(new HeadBucketCommand({ Bucket: 'other' })))).toEqual({
      name: 'NotFound',
      status: 404,
    });
    await s3Client.send(new CreateBucketCommand({ Bucket: 'other' }));
    await s3Client.send(new HeadBucketCommand({ Bucket: 'other' }));
    expect(await refusal(s3Client.send(new CreateBucketCommand({ Bucket: 'other' })))).toEqual({
      name: 'BucketAlreadyOwnedByYou',
      status: 409,
    });
  });

  it('refuses a wrong secret, an unknown key, another region and no signature', async () => {
    const get = new GetObjectCommand({ Bucket: BUCKET, Key: 'x' });
    const wrongSecret = client({ credentials: { accessKeyId: 'local', secretAccessKey: 'guess' } });
    expect(await refusal(wrongSecret.send(get))).toEqual({
      name: 'SignatureDoesNotMatch',
      status: 403,
    });
    const unknown = client({ credentials: { accessKeyId: 'AKIA', secretAccessKey: 'local' } });
    expect(await refusal(unknown.send(get))).toEqual({ name: 'InvalidAccessKeyId', status: 403 });
    expect(await refusal(client({ region: 'eu-west-1' }).send(get))).toEqual({
      name: 'AuthorizationHeaderMalformed',
      status: 400,
    });
    const anonymous = await fetch(`${s3.endpoint}/${BUCKET}/x`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a body changed after it was signed', async () => {
    const s3Client = client();
    type Next = (args: { request: { body?: unknown } }) => Promise<unknown>;
    // After the signer: the request goes out with another body under the same signature.
    const tamper = (next: Next) => async (args: { request: { body?: unknown } }) => {
      args.request.body = '{"a":2}';
      return next(args);
    };
    s3Client.middlewareStack.addRelativeTo(tamper as never, {
      relation: 'after',
      toMiddleware: 'awsAuthMiddleware',
    });
    const put = new PutObjectCommand({ Bucket: BUCKET, Key: 'x.json', Body: '{"a":1}' });
    expect(await refusal(s3Client.send(put))).toEqual({
      name: 'XAmzContentSHA256Mismatch',
      status: 400,
    });
  });

  it('answers 501 for what the product never asks (a listing)', async () => {
    expect(await refusal(client().send(new ListObjectsV2Command({ Bucket: BUCKET })))).toEqual({
      name: 'NotImplemented',
      status: 501,
    });
  });

  it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
    const { port } = new URL(s3.endpoint);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(
        {
          host: '127.0.0.1',
          port,
          path: `/${BUCKET}`,
          method: 'OPTIONS',
          headers: { host: `evil.example:${port}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });
});

describe('the local S3: presigned links and forms', () => {
  const files = () => new S3UserFiles({ client: client(), bucket: BUCKET });

  it('serves a presigned GET with its answer overrides, and refuses one changed or expired', async () => {
    await client().send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'users/ann/e.csv', Body: 'a,b' }),
    );
    const link = await files().presignDownload('users/ann/e.csv', 'export.csv', 60);
    const got = await fetch(link);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="export.csv"');
    expect(await got.text()).toBe('a,b');

    const changed = new URL(link);
    changed.searchParams.set('response-content-disposition', 'inline');
    expect((await fetch(changed)).status).toBe(403);

    const old = await getSignedUrl(
      client(),
      new GetObjectCommand({ Bucket: BUCKET, Key: 'users/ann/e.csv' }),
      { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) },
    );
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  const ticketFor = async (key: string): Promise<UploadTicket> => ({
    uploadId: 'u',
    maxBytes: 16,
    contentType: 'text/csv',
    ...(await files().presignUpload(key, {
      maxBytes: 16,
      contentType: 'text/csv',
      expiresSeconds: 60,
    })),
  });

  it('takes a browser upload the policy allows, with the CORS headers of the page', async () => {
    const ticket = await ticketFor('users/ann/imports/1.csv');
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob(['A\nB\n'], { type: 'text/csv' }), 'w.csv');
    const posted = await fetch(ticket.url, {
      method: 'POST',
      body: form,
      headers: { Origin: ORIGIN },
    });
    expect(posted.status).toBe(204);
    expect(posted.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const stored = await client().send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'users/ann/imports/1.csv' }),
    );
    expect(stored).toMatchObject({ ContentType: 'text/csv', ContentLength: 4, TagCount: 1 });
  });

  it('refuses an upload too large, of another type, or under another key', async () => {
    const ticket = await ticketFor('users/ann/imports/2.csv');
    const tooLarge = await postUploadForm(ticket, 'x'.repeat(17));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('<Code>EntityTooLarge</Code>');
    const empty = await postUploadForm(ticket, '');
    expect(await empty.text()).toContain('<Code>EntityTooSmall</Code>');
    const pdf = await postUploadForm(ticket, '%PDF', 'application/pdf');
    expect(pdf.status).toBe(403);
    expect(await pdf.text()).toContain(
      'Policy Condition failed: [&quot;eq&quot;,&quot;$Content-Type&quot;',
    );
    const otherKey = await postUploadForm(
      { ...ticket, fields: { ...ticket.fields, key: 'users/bob/x.csv' } },
      'A',
    );
    expect(otherKey.status).toBe(403);
    const extra = await postUploadForm(
      { ...ticket, fields: { ...ticket.fields, acl: 'public-read' } },
      'A',
    );
    expect(await extra.text()).toContain('Extra input fields: acl');
    expect(
      await refusal(
        client().send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'users/bob/x.csv' })),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('refuses a form whose policy was changed or has expired', async () => {
    const ticket = await ticketFor('users/ann/imports/3.csv');
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    policy.conditions = policy.conditions.map((c) =>
      Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : c,
    );
    const widened = Buffer.from(JSON.stringify(policy)).toString('base64');
    const forged = await postUploadForm(
      { ...ticket, fields: { ...ticket.fields, Policy: widened } },
      'A',
    );
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 10 * 60_000);
    const old = await ticketFor('users/ann/imports/4.csv');
    vi.useRealTimers();
    const expired = await postUploadForm(old, 'A');
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Invalid according to Policy: Policy expired.');
  });

  it('answers a preflight from the product’s pages, and refuses one from another site', async () => {
    const asks = (origin: string) =>
      fetch(`${s3.endpoint}/${BUCKET}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
    const allowed = await asks(ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('access-control-max-age')).toBe('600');
    expect((await asks('https://evil.example')).status).toBe(403);
  });
});
