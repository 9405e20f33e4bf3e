import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

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
  return () => {
    // The SDK client is made on first use: a cold start that never needs the secret skips it.
    client ??= new SecretsManagerClient({});
    cached ??= client
      .send(new GetSecretValueCommand({ SecretId: secretId }))
      .then(({ SecretString }) => parse(SecretString ?? ''))
      .catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
    return cached;
  };
}
