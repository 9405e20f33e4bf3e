import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it, vi } from 'vitest';
import { FMP_API_KEY_PLACEHOLDER, secretsManagerApiKey } from './api-key';

const fakeClient = (...answers: (string | Error)[]) => {
  const send = vi.fn(async (command: unknown) => {
    expect(command).toBeInstanceOf(GetSecretValueCommand);
    expect((command as GetSecretValueCommand).input.SecretId).toBe('fmp-key');
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return { SecretString: answer };
  });
  return { send } as unknown as Parameters<typeof secretsManagerApiKey>[1] & { send: typeof send };
};

describe('FMP API key from Secrets Manager', () => {
  it('reads a plain-text key once per container', async () => {
    const client = fakeClient(' abc123 \n');
    const apiKey = secretsManagerApiKey('fmp-key', client);
    expect(await apiKey()).toBe('abc123');
    expect(await apiKey()).toBe('abc123');
    expect(client.send).toHaveBeenCalledTimes(1);
  });

  it('reads a JSON secret with an apiKey field', async () => {
    const apiKey = secretsManagerApiKey('fmp-key', fakeClient('{"apiKey":"xyz789"}'));
    expect(await apiKey()).toBe('xyz789');
  });

  it('fails clearly while the key is unset, and does not cache the failure', async () => {
    const client = fakeClient(FMP_API_KEY_PLACEHOLDER, '', 'real-key');
    const apiKey = secretsManagerApiKey('fmp-key', client);
    await expect(apiKey()).rejects.toThrow(
      'The FMP API key is not set: put it in the secret fmp-key',
    );
    await expect(apiKey()).rejects.toThrow('not set');
    expect(await apiKey()).toBe('real-key');
    expect(client.send).toHaveBeenCalledTimes(3);
  });

  it('retries the load on the next call after a Secrets Manager error', async () => {
    const client = fakeClient(new Error('AccessDeniedException'), 'k');
    const apiKey = secretsManagerApiKey('fmp-key', client);
    await expect(apiKey()).rejects.toThrow('AccessDeniedException');
    expect(await apiKey()).toBe('k');
  });
});
