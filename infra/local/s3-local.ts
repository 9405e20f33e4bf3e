import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { USER_FILES_CORS } from '../../core/user-files';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws-local';
import { LOOPBACK_HOST } from './loopback';
import type { CorsRule } from './s3/cors';
import { startLocalS3, type RunningS3 } from './s3/server';

export type { RunningS3 } from './s3/server';

/** The local S3 checks SigV4 signatures with the local stack's one key pair, as the others do. */
export const LOCAL_S3_CREDENTIALS = LOCAL_CREDENTIALS;

/** The name of the user-files bucket in the local stack (AWS generates the deployed name). */
export const LOCAL_USER_FILES_BUCKET = 'user-files';

/**
 * The bucket's CORS, the deployed rule for the product's pages on any loopback port: the local
 * product's port is picked after S3 starts, and only pages on this machine have these origins.
 */
export const LOCAL_USER_FILES_CORS: CorsRule = {
  allowedOrigins: ['http://localhost:*', `http://${LOOPBACK_HOST}:*`],
  allowedMethods: USER_FILES_CORS.allowedMethods,
  allowedHeaders: USER_FILES_CORS.allowedHeaders,
  maxAgeSeconds: USER_FILES_CORS.maxAgeSeconds,
};

/** The local S3 (infra/local/s3/) on loopback with the user-files bucket, its objects under `directory`. */
export async function startS3Local(options: {
  port: number;
  directory: string;
}): Promise<RunningS3> {
  const directory = resolve(options.directory);
  await mkdir(directory, { recursive: true });
  return startLocalS3({
    port: options.port,
    directory,
    key: { ...LOCAL_S3_CREDENTIALS, region: LOCAL_REGION },
    buckets: [{ name: LOCAL_USER_FILES_BUCKET, cors: [LOCAL_USER_FILES_CORS] }],
  });
}
