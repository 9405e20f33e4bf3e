import { createHash } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Environment variable naming the secret (ARN) the create-auth-challenge trigger seals with. */
export const OTP_SEAL_KEY_SECRET_ENV = 'OTP_SEAL_KEY_SECRET';

type SecretsClient = Pick<SecretsManagerClient, 'send'>;

/**
 * The code-sealing key from Secrets Manager: loaded once per container (a failed load is retried
 * on the next call), hashed to the 32 bytes AES-256 needs.
 */
export function secretsManagerSealKey(
  secretId: string,
  client: SecretsClient = new SecretsManagerClient({}),
): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () => {
    cached ??= load(client, secretId).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

async function load(client: SecretsClient, secretId: string): Promise<Buffer> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString || SecretString.length < 32) {
    throw new Error(`The OTP sealing secret ${secretId} is empty or too short`);
  }
  return createHash('sha256').update(SecretString).digest();
}
