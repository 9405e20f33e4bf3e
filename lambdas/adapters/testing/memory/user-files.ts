import type { StoredFile, UserFiles } from '../../../ports/user-files';

/**
 * The user-files bucket in memory, for unit tests of the services; the integration tests run the
 * S3 adapter against s3rver. `put` stands in for the browser's upload.
 */
export class InMemoryUserFiles implements UserFiles {
  readonly objects = new Map<string, { body: Uint8Array; contentType: string }>();

  put(key: string, body: string | Uint8Array, contentType = 'text/csv'): void {
    this.objects.set(key, {
      body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
      contentType,
    });
  }

  presignUpload(key: string) {
    return Promise.resolve({
      url: 'memory://user-files',
      fields: { key },
      expiresAt: '2100-01-01T00:00:00.000Z',
    });
  }

  read(key: string, maxBytes: number): Promise<StoredFile | 'too large' | undefined> {
    const object = this.objects.get(key);
    if (!object) return Promise.resolve(undefined);
    if (object.body.byteLength > maxBytes) return Promise.resolve('too large');
    return Promise.resolve({ ...object, size: object.body.byteLength });
  }

  write(key: string, body: string, contentType: string): Promise<void> {
    this.put(key, body, contentType);
    return Promise.resolve();
  }

  presignDownload(key: string, fileName: string): Promise<string> {
    return Promise.resolve(`memory://user-files/${key}?file=${encodeURIComponent(fileName)}`);
  }
}
