import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Environment variable naming the secret (ARN or name) that holds the FMP API key. */
export const FMP_API_KEY_SECRET_ENV = 'FMP_API_KEY_SECRET';

/**
 * What the secret holds until an operator puts the key there (infra/aws/ingest.ts creates it with
 * this value, so an unset key fails with a clear message rather than as a 401 per request).
 */
export const FMP_API_KEY_PLACEHOLDER = 'REPLACE-WITH-FMP-API-KEY';

type SecretsClient = Pick<SecretsManagerClient, 'send'>;

/**
 * Loads the API key from Secrets Manager once per container and reuses it. The secret holds the
 * key as plain text, or a JSON object with an `apiKey` field. A failed load is not cached, so the
 * next invocation tries again (e.g. after the operator has set the key).
 */
export function secretsManagerApiKey(
  secretId: string,
  client: SecretsClient = new SecretsManagerClient({}),
): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= load(client, secretId).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

async function load(client: SecretsClient, secretId: string): Promise<string> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const key = parseSecret(SecretString ?? '');
  if (!key || key === FMP_API_KEY_PLACEHOLDER) {
    throw new Error(`The FMP API key is not set: put it in the secret ${secretId}`);
  }
  return key;
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
