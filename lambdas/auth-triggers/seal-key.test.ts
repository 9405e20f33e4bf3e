import type { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import { secretsManagerSealKey } from './seal-key';

const clientReturning = (...answers: (string | Error)[]) => {
  const calls: unknown[] = [];
  return {
    calls,
    send: async (command: GetSecretValueCommand) => {
      calls.push(command.input);
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return { SecretString: next };
    },
  };
};

describe('OTP sealing key from Secrets Manager', () => {
  it('derives a 32-byte key once per container', async () => {
    const client = clientReturning('x'.repeat(64));
    const key = secretsManagerSealKey('arn:secret', client as never);
    const [a, b] = [await key(), await key()];
    expect(a).toHaveLength(32);
    expect(b).toBe(a);
    expect(client.calls).toEqual([{ SecretId: 'arn:secret' }]);
  });

  it('retries after a failed load and refuses a short secret', async () => {
    const client = clientReturning(new Error('throttled'), 'short', 'y'.repeat(64));
    const key = secretsManagerSealKey('arn:secret', client as never);
    await expect(key()).rejects.toThrow('throttled');
    await expect(key()).rejects.toThrow('too short');
    await expect(key()).resolves.toHaveLength(32);
  });
});
