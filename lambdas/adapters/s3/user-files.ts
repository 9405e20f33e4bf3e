import type { S3Client } from '@aws-sdk/client-s3';
import { WORKING_COPY_TAG } from '../../../core/user-files';
import type { StoredFile, UserFiles } from '../../ports/user-files';
import { awsClientOptions } from '../aws/client-options';

/** The environment variable naming the user-files bucket (set by the stack). */
export const USER_FILES_BUCKET_ENV = 'USER_FILES_BUCKET';

/** The lifecycle rule expires objects by this tag: as a query string (PUT), as XML (POST form). */
const TAGGING_QUERY = `${WORKING_COPY_TAG.key}=${WORKING_COPY_TAG.value}`;
const TAGGING_XML = `<Tagging><TagSet><Tag><Key>${WORKING_COPY_TAG.key}</Key><Value>${WORKING_COPY_TAG.value}</Value></Tag></TagSet></Tagging>`;

// Imported on first use, not at load: only the file routes need S3, and the other routes of the
// function that serves them should not pay for it on a cold start.
const s3Sdk = () => import('@aws-sdk/client-s3');

/** The POST policy's expiry, which createPresignedPost writes but does not answer. */
const policyExpiration = (fields: Record<string, string>): string => {
  const policy = fields.Policy ?? fields.policy;
  if (policy === undefined) throw new Error('The presigned POST form has no policy');
  const { expiration } = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as {
    expiration: string;
  };
  return expiration;
};

/**
 * The user-files bucket through the AWS SDK: the same code against S3 in AWS and the local S3
 * (infra/local/s3/). The SDK's presigners sign with the function's own credentials and address
 * the bucket as the client does (AWS: its regional virtual-hosted domain; locally: the client's
 * endpoint, path-style), so what a link or form may do is bounded by the function's grants too.
 */
export class S3UserFiles implements UserFiles {
  private s3: S3Client | undefined;

  constructor(
    private readonly deps: {
      /** Made on first use (with Lambda's region and credentials) when not given. */
      readonly client?: S3Client;
      readonly bucket: string;
    },
  ) {
    this.s3 = deps.client;
  }

  private async client(): Promise<S3Client> {
    this.s3 ??= new (await s3Sdk()).S3Client(awsClientOptions());
    return this.s3;
  }

  /**
   * S3's browser POST form (SigV4): the policy binds the bucket, the exact key, the Content-Type,
   * the tag and a content-length-range, and expires; S3 refuses any upload outside it.
   */
  async presignUpload(
    key: string,
    bounds: { maxBytes: number; contentType: string; expiresSeconds: number },
  ) {
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    const { url, fields } = await createPresignedPost(await this.client(), {
      Bucket: this.deps.bucket,
      Key: key,
      Fields: { 'Content-Type': bounds.contentType, tagging: TAGGING_XML },
      Conditions: [['content-length-range', 1, bounds.maxBytes]],
      Expires: bounds.expiresSeconds,
    });
    return { url, fields, expiresAt: policyExpiration(fields) };
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
    const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
      s3Sdk(),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const command = new GetObjectCommand({
      Bucket: this.deps.bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: 'text/csv; charset=utf-8',
    });
    return getSignedUrl(await this.client(), command, { expiresIn: expiresSeconds });
  }
}
