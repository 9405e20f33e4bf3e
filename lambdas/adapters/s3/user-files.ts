import type { S3Client } from '@aws-sdk/client-s3';
import type { SignatureV4 } from '@smithy/signature-v4';
import { WORKING_COPY_TAG } from '../../../core/user-files';
import type { StoredFile, UserFiles } from '../../ports/user-files';

/** The environment variable naming the user-files bucket (set by the stack). */
export const USER_FILES_BUCKET_ENV = 'USER_FILES_BUCKET';

/** The lifecycle rule expires objects by this tag: as a query string (PUT), as XML (POST form). */
const TAGGING_QUERY = `${WORKING_COPY_TAG.key}=${WORKING_COPY_TAG.value}`;
const TAGGING_XML = `<Tagging><TagSet><Tag><Key>${WORKING_COPY_TAG.key}</Key><Value>${WORKING_COPY_TAG.value}</Value></Tag></TagSet></Tagging>`;

const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** A key's path segments escaped as S3 expects them in a URL (the slashes kept). */
const keyPath = (key: string) => key.split('/').map(rfc3986).join('/');

// Imported on first use, not at load: only the file routes need S3, and the other routes of the
// function that serves them should not pay for it on a cold start.
const s3Sdk = () => import('@aws-sdk/client-s3');

/**
 * The user-files bucket through the AWS SDK: the same code against S3 in AWS and s3rver locally.
 * `bucketUrl` is where a browser reaches the bucket (AWS: its regional virtual-hosted domain;
 * locally: s3rver's path-style URL). Presigning needs no call to S3: it signs with the function's
 * own credentials, so what a link or form may do is bounded by the function's grants too.
 */
export class S3UserFiles implements UserFiles {
  private s3: S3Client | undefined;

  constructor(
    private readonly deps: {
      /** Made on first use (with Lambda's region and credentials) when not given. */
      readonly client?: S3Client;
      readonly bucket: string;
      readonly bucketUrl: string;
      readonly now?: () => number;
    },
  ) {
    this.s3 = deps.client;
  }

  private async client(): Promise<S3Client> {
    this.s3 ??= new (await s3Sdk()).S3Client({});
    return this.s3;
  }

  private now(): Date {
    return new Date((this.deps.now ?? Date.now)());
  }

  private async signer(): Promise<{ signer: SignatureV4; region: string }> {
    const [{ config }, { SignatureV4 }, { Sha256 }] = await Promise.all([
      this.client(),
      import('@smithy/signature-v4'),
      import('@smithy/core/checksum'),
    ]);
    const region = await config.region();
    const signer = new SignatureV4({
      credentials: config.credentials,
      region,
      service: 's3',
      sha256: Sha256,
      // S3 takes the key's path as written, not escaped twice.
      uriEscapePath: false,
      applyChecksum: false,
    });
    return { signer, region };
  }

  /**
   * S3's browser POST form (SigV4): the policy binds the bucket, the exact key, the Content-Type
   * and a content-length-range, and expires; S3 refuses any upload outside it.
   */
  async presignUpload(
    key: string,
    bounds: { maxBytes: number; contentType: string; expiresSeconds: number },
  ) {
    const { signer, region } = await this.signer();
    const credentials = await (await this.client()).config.credentials();
    const at = this.now();
    const date = amzDate(at);
    const fields: Record<string, string> = {
      key,
      'Content-Type': bounds.contentType,
      tagging: TAGGING_XML,
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': `${credentials.accessKeyId}/${date.slice(0, 8)}/${region}/s3/aws4_request`,
      'x-amz-date': date,
      ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
    };
    const expiresAt = new Date(at.getTime() + bounds.expiresSeconds * 1000).toISOString();
    const policy = {
      expiration: expiresAt,
      conditions: [
        { bucket: this.deps.bucket },
        ['content-length-range', 1, bounds.maxBytes],
        ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
      ],
    };
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
    const signature = await signer.sign(encoded, { signingDate: at });
    return {
      url: this.deps.bucketUrl,
      fields: { ...fields, policy: encoded, 'x-amz-signature': signature },
      expiresAt,
    };
  }

  async read(key: string, maxBytes: number): Promise<StoredFile | 'too large' | undefined> {
    const { GetObjectCommand, NoSuchKey } = await s3Sdk();
    try {
      const object = await (
        await this.client()
      ).send(new GetObjectCommand({ Bucket: this.deps.bucket, Key: key }));
      const size = object.ContentLength ?? 0;
      if (size > maxBytes) {
        // Do not download what will be refused.
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        return 'too large';
      }
      const body = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      if (body.byteLength > maxBytes) return 'too large';
      return { body, contentType: object.ContentType, size: body.byteLength };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        return undefined;
      }
      throw error;
    }
  }

  async write(key: string, body: string, contentType: string): Promise<void> {
    const { PutObjectCommand } = await s3Sdk();
    await (
      await this.client()
    ).send(
      new PutObjectCommand({
        Bucket: this.deps.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        Tagging: TAGGING_QUERY,
      }),
    );
  }

  async presignDownload(key: string, fileName: string, expiresSeconds: number): Promise<string> {
    const { signer } = await this.signer();
    const base = new URL(`${this.deps.bucketUrl.replace(/\/$/, '')}/${keyPath(key)}`);
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol: base.protocol,
        hostname: base.hostname,
        ...(base.port ? { port: Number(base.port) } : {}),
        path: base.pathname,
        query: {
          'response-content-disposition': `attachment; filename="${fileName}"`,
          'response-content-type': 'text/csv; charset=utf-8',
        },
        headers: { host: base.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      },
      { expiresIn: expiresSeconds, signingDate: this.now() },
    );
    // Encoded as the signer encoded them (RFC 3986: %20, never '+'), so S3 reads what was signed.
    const query = Object.entries(signed.query ?? {})
      .flatMap(([name, value]) =>
        ([] as (string | null)[])
          .concat(value)
          .filter((one): one is string => one !== null)
          .map((one) => `${rfc3986(name)}=${rfc3986(one)}`),
      )
      .join('&');
    return `${base.origin}${base.pathname}?${query}`;
  }
}

/** Where browsers reach a bucket in AWS: its regional virtual-hosted domain. */
export const regionalBucketUrl = (bucket: string, region: string): string =>
  `https://${bucket}.s3.${region}.amazonaws.com`;
