import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import S3rver from 's3rver';

export interface RunningS3 {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** s3rver checks SigV4 signatures against its one built-in key pair. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The name of the user-files bucket in the local stack (AWS generates the deployed name). */
export const LOCAL_USER_FILES_BUCKET = 'user-files';

/** An S3-compatible server on loopback with its objects under `directory`. */
export async function startS3Local(options: {
  port: number;
  directory: string;
}): Promise<RunningS3> {
  const directory = resolve(options.directory);
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL_USER_FILES_BUCKET }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}
