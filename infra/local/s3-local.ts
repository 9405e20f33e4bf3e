import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import S3rver from 's3rver';
import { USER_FILES_CORS } from '../../core/user-files';
import { LOOPBACK_HOST } from './loopback';

export interface RunningS3 {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** s3rver checks SigV4 signatures against its one built-in key pair. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The name of the user-files bucket in the local stack (AWS generates the deployed name). */
export const LOCAL_USER_FILES_BUCKET = 'user-files';

/**
 * The bucket's CORS as S3 takes it (XML), for the product's pages on any loopback port: the local
 * product's port is picked after S3 starts, and only pages on this machine have these origins.
 */
export function localCorsXml(): string {
  const origins = [`http://localhost:*`, `http://${LOOPBACK_HOST}:*`];
  return [
    '<CORSConfiguration><CORSRule>',
    ...origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`),
    ...USER_FILES_CORS.allowedMethods.map((m) => `<AllowedMethod>${m}</AllowedMethod>`),
    ...USER_FILES_CORS.allowedHeaders.map((h) => `<AllowedHeader>${h}</AllowedHeader>`),
    `<MaxAgeSeconds>${USER_FILES_CORS.maxAgeSeconds}</MaxAgeSeconds>`,
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

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
    configureBuckets: [{ name: LOCAL_USER_FILES_BUCKET, configs: [localCorsXml()] }],
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
