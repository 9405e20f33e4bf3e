import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { claimLease, settleLease, type LeaseRow } from './lease';
import { clientAnswering } from './testing/recording-client';

const row: LeaseRow = {
  tableName: 'events',
  key: { eventId: 'evt_1' },
  keyAttribute: 'eventId',
  busyStatus: 'processing',
};
const refused = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

describe('claimLease', () => {
  it('wins on no row, a failed holder or a stale busy one, and counts the attempt', async () => {
    const { client, inputs } = clientAnswering(() => ({}));
    const claim = { now: 10_000, staleMs: 4_000, expiresAt: 99 };
    await expect(claimLease(client, row, claim)).resolves.toBe(true);
    const input = inputs[0]!;
    expect(input.ConditionExpression).toBe(
      'attribute_not_exists(#key) OR #status = :failed OR (#status = :busy AND #started < :stale)',
    );
    expect(input.UpdateExpression).toBe(
      'SET #status = :busy, #started = :now, #expires = :expires ADD #attempts :one REMOVE #error',
    );
    expect(input.ExpressionAttributeValues).toMatchObject({
      ':busy': 'processing',
      ':stale': 6_000,
      ':expires': 99,
    });
    expect((input.ExpressionAttributeNames as Record<string, string>)['#key']).toBe('eventId');
  });

  it('writes more attributes, keeping a first value where asked', async () => {
    const { client, inputs } = clientAnswering(() => ({}));
    await claimLease(client, row, {
      now: 1,
      staleMs: 1,
      expiresAt: 2,
      set: { type: { value: 'invoice.paid' }, receivedAt: { value: 'then', ifNotExists: true } },
    });
    expect(inputs[0]!.UpdateExpression).toMatch(
      /^SET #x0 = :x0, #x1 = if_not_exists\(#x1, :x1\), #status = :busy/,
    );
    expect(inputs[0]!.ExpressionAttributeNames).toMatchObject({
      '#x0': 'type',
      '#x1': 'receivedAt',
    });
    expect(inputs[0]!.ExpressionAttributeValues).toMatchObject({
      ':x0': 'invoice.paid',
      ':x1': 'then',
    });
  });

  it('answers false when another holder has it, and passes other failures on', async () => {
    const taken = clientAnswering(() => Promise.reject(refused()));
    await expect(claimLease(taken.client, row, { now: 1, staleMs: 1, expiresAt: 2 })).resolves.toBe(
      false,
    );
    const down = clientAnswering(() => Promise.reject(new Error('socket hang up')));
    await expect(
      claimLease(down.client, row, { now: 1, staleMs: 1, expiresAt: 2 }),
    ).rejects.toThrow('socket hang up');
  });
});

describe('settleLease', () => {
  it('writes the outcome and when it finished', async () => {
    const { client, inputs } = clientAnswering(() => ({}));
    await settleLease(client, row, { status: 'failed', error: 'boom' }, Date.UTC(2026, 10, 29));
    expect(inputs[0]).toMatchObject({
      Key: { eventId: 'evt_1' },
      UpdateExpression: 'SET #finished = :finished, #v0 = :v0, #v1 = :v1',
      ExpressionAttributeNames: { '#finished': 'finishedAt', '#v0': 'status', '#v1': 'error' },
      ExpressionAttributeValues: {
        ':finished': '2026-11-29T00:00:00.000Z',
        ':v0': 'failed',
        ':v1': 'boom',
      },
    });
  });
});
