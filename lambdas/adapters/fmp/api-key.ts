import { cachedSecret, type SecretsClient } from '../secrets/cached-secret';

/** Environment variable naming the secret (ARN or name) that holds the FMP API key. */
export const FMP_API_KEY_SECRET_ENV = 'FMP_API_KEY_SECRET';

/**
 * What the secret holds until an operator puts the key there (infra/aws/ingest.ts creates it with
 * this value, so an unset key fails with a clear message rather than as a 401 per request).
 */
export const FMP_API_KEY_PLACEHOLDER = 'REPLACE-WITH-FMP-API-KEY';

/**
 * The API key from Secrets Manager, loaded once per container (adapters/secrets/cached-secret.ts).
 * The secret holds the key as plain text, or a JSON object with an `apiKey` field.
 */
export function secretsManagerApiKey(
  secretId: string,
  client?: SecretsClient,
): () => Promise<string> {
  return cachedSecret(
    secretId,
    (value) => {
      const key = parseSecret(value);
      if (!key || key === FMP_API_KEY_PLACEHOLDER) {
        throw new Error(`The FMP API key is not set: put it in the secret ${secretId}`);
      }
      return key;
    },
    client,
  );
}

function parseSecret(value: string): string {
  const text = value.trim();
  if (!text.startsWith('{')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    const apiKey = (parsed as { apiKey?: unknown } | null)?.apiKey;
    return typeof apiKey === 'string' ? apiKey.trim() : '';
  } catch {
    return '';
  }
}
