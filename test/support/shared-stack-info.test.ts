import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { awaitSharedStack } from './shared-stack-info';

describe('awaitSharedStack', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('waits for the file the global setup writes once the stack serves', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shared-stack-info-'));
    const file = join(dir, 'stack.json');
    let settled = false;
    const waiting = awaitSharedStack(file).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(settled).toBe(false);
    await writeFile(file, JSON.stringify({ ready: { url: 'http://127.0.0.1:1' } }));
    await waiting;
    expect(settled).toBe(true);
  });

  it("fails each stack file with the start's own error when the stack could not start", async () => {
    dir = await mkdtemp(join(tmpdir(), 'shared-stack-info-'));
    const file = join(dir, 'stack.json');
    await writeFile(file, JSON.stringify({ failed: 'Error: DynamoDB Local needs Java 17' }));
    await expect(awaitSharedStack(file)).rejects.toThrow(
      'The shared local stack did not start:\nError: DynamoDB Local needs Java 17',
    );
  });
});
