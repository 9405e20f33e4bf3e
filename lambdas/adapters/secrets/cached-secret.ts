import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsClientOptions } from '../aws/client-options';

export type SecretsClient = Pick<SecretsManagerClient, 'send'>;

/**
 * A secret from Secrets Manager, loaded on first use, once per container, and turned into what the
 * function needs by `parse` (which throws, with a message for the operator, when the value is
 * unusable). A failed load is not kept: the next call tries again (the operator may have set it).
 */
export function cachedSecret<T>(
  secretId: string,
  parse: (value: string) => T,
  client?: SecretsClient,
): () => Promise<T> {
  let cached: Promise<T> | undefined;
  const load = async () => {
    // The SDK module is imported, and its client made, on first use: a cold start that never
    // needs the secret (most routes of the functions that hold one) skips both.
    const sdk = await import('@aws-sdk/client-secrets-manager');
    client ??= new sdk.SecretsManagerClient(awsClientOptions());
    const { SecretString } = await client.send(
      new sdk.GetSecretValueCommand({ SecretId: secretId }),
    );
    return parse(SecretString ?? '');
  };
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}
