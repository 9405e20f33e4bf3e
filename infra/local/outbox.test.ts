import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from './outbox';

describe('Outbox', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is empty before anything is sent and lists messages newest first', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const outbox = new Outbox(join(dir, 'nested', 'outbox.jsonl'));
    expect(await outbox.list()).toEqual([]);
    await outbox.send({ channel: 'email', to: 'a@example.com', body: 'first', code: '1234' });
    await outbox.send({ channel: 'sms', to: '+15550100', body: 'second' });
    const messages = await outbox.list();
    expect(messages.map((m) => m.body)).toEqual(['second', 'first']);
    expect(messages[1]).toMatchObject({ channel: 'email', to: 'a@example.com', code: '1234' });
    expect(Date.parse(messages[0]!.at)).not.toBeNaN();
  });
});
