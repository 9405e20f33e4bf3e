import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';

/** What S3 keeps beside an object's bytes, and answers in GetObject's and HeadObject's headers. */
const StoredMetadata = z.object({
  key: z.string(),
  contentType: z.string(),
  etag: z.string(),
  size: z.number().int().nonnegative(),
  lastModified: z.string(),
  /** The object's tags as S3 takes them in a PUT (URL-encoded) or a POST form (XML). */
  tagging: z.string().optional(),
});
export type ObjectMetadata = z.infer<typeof StoredMetadata>;

export interface NewObject {
  readonly body: Uint8Array;
  readonly contentType?: string | undefined;
  readonly tagging?: string | undefined;
}

/** S3's default type for an object stored without one. */
const DEFAULT_CONTENT_TYPE = 'binary/octet-stream';

/** S3's rule for new bucket names: 3–63 lower-case letters, digits, dots and hyphens. */
export const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Buckets as folders and objects as files under one directory. A file is named by its key's
 * SHA-256, never by the key itself: a key is any text up to 1,024 bytes ('../', very long names),
 * and none of it may choose a path on this machine.
 */
export class ObjectStore {
  constructor(private readonly directory: string) {}

  private bucketDir(bucket: string): string {
    if (!BUCKET_NAME.test(bucket)) throw new Error(`Not a bucket name: ${bucket}`);
    return join(this.directory, bucket);
  }

  private paths(bucket: string, key: string) {
    const name = createHash('sha256').update(key).digest('hex');
    const base = join(this.bucketDir(bucket), name);
    return { body: `${base}.body`, metadata: `${base}.json` };
  }

  async hasBucket(bucket: string): Promise<boolean> {
    if (!BUCKET_NAME.test(bucket)) return false;
    return (await stat(this.bucketDir(bucket)).catch(() => undefined))?.isDirectory() ?? false;
  }

  /** Answers false when the bucket was there already. */
  async createBucket(bucket: string): Promise<boolean> {
    const created = await mkdir(this.bucketDir(bucket), { recursive: true });
    return created !== undefined;
  }

  async put(bucket: string, key: string, object: NewObject): Promise<ObjectMetadata> {
    const paths = this.paths(bucket, key);
    const metadata: ObjectMetadata = {
      key,
      contentType: object.contentType ?? DEFAULT_CONTENT_TYPE,
      // A single-part object's ETag is its MD5, as S3's.
      etag: `"${createHash('md5').update(object.body).digest('hex')}"`,
      size: object.body.byteLength,
      lastModified: new Date().toUTCString(),
      ...(object.tagging ? { tagging: object.tagging } : {}),
    };
    // The bytes first: a reader finds the metadata only once the object is whole.
    await writeFile(paths.body, object.body);
    await writeFile(paths.metadata, JSON.stringify(metadata));
    return metadata;
  }

  async head(bucket: string, key: string): Promise<ObjectMetadata | undefined> {
    const text = await readFile(this.paths(bucket, key).metadata, 'utf8').catch(() => undefined);
    return text === undefined ? undefined : StoredMetadata.parse(JSON.parse(text));
  }

  async get(
    bucket: string,
    key: string,
  ): Promise<{ metadata: ObjectMetadata; body: Buffer } | undefined> {
    const metadata = await this.head(bucket, key);
    if (!metadata) return undefined;
    const body = await readFile(this.paths(bucket, key).body).catch(() => undefined);
    return body === undefined ? undefined : { metadata, body };
  }

  async delete(bucket: string, key: string): Promise<void> {
    const paths = this.paths(bucket, key);
    await rm(paths.metadata, { force: true });
    await rm(paths.body, { force: true });
  }
}
