import { createHash } from 'node:crypto';
import { cachedSecret, type SecretsClient } from '../adapters/secrets/cached-secret';

/** Environment variable naming the secret (ARN) the create-auth-challenge trigger seals with. */
export const OTP_SEAL_KEY_SECRET_ENV = 'OTP_SEAL_KEY_SECRET';

/**
 * The code-sealing key from Secrets Manager, loaded once per container
 * (adapters/secrets/cached-secret.ts), hashed to the 32 bytes AES-256 needs.
 */
export function secretsManagerSealKey(
  secretId: string,
  client?: SecretsClient,
): () => Promise<Buffer> {
  return cachedSecret(
    secretId,
    (value) => {
      if (value.length < 32) {
        throw new Error(`The OTP sealing secret ${secretId} is empty or too short`);
      }
      return createHash('sha256').update(value).digest();
    },
    client,
  );
}
