import { describe, expect, it } from 'vitest';
import { batchedResolver, type ResolverEvent } from './batch';

const call = (fieldName: string, args: Record<string, unknown>): ResolverEvent =>
  ({
    arguments: args,
    info: { fieldName, parentTypeName: 'Query', variables: {}, selectionSetList: [] },
  }) as unknown as ResolverEvent;

function counting() {
  const seen: string[] = [];
  const resolve = async (event: ResolverEvent) => {
    seen.push(`${event.info.fieldName}${JSON.stringify(event.arguments)}`);
    return `${event.info.fieldName}:${String(event.arguments.symbol)}`;
  };
  return { seen, resolve };
}

describe('batchedResolver', () => {
  it('resolves one event as AppSync sends it without batching', async () => {
    const { seen, resolve } = counting();
    expect(await batchedResolver(resolve)(call('shariah', { symbol: 'X' }))).toBe('shariah:X');
    expect(seen).toHaveLength(1);
  });

  it('computes equal calls of a batch once and answers every item in order', async () => {
    const { seen, resolve } = counting();
    const batch = [
      ...Array.from({ length: 1_000 }, () => call('shariah', { symbol: 'X' })),
      call('shariah', { symbol: 'Y' }),
      call('statements', { symbol: 'X', kind: 'cash' }),
      call('statements', { kind: 'cash', symbol: 'X' }),
    ];
    const results = (await batchedResolver(resolve)(batch)) as unknown[];
    expect(results).toHaveLength(batch.length);
    expect(results[0]).toBe('shariah:X');
    expect(results[999]).toBe('shariah:X');
    expect(results.slice(1_000)).toEqual(['shariah:Y', 'statements:X', 'statements:X']);
    expect(seen).toEqual([
      'shariah{"symbol":"X"}',
      'shariah{"symbol":"Y"}',
      'statements{"symbol":"X","kind":"cash"}',
    ]);
  });

  it('fails the batch when a call fails (a direct resolver has no per-item error)', async () => {
    const resolve = async (event: ResolverEvent) => {
      if (event.arguments.symbol === 'BAD') throw new Error('symbol: invalid');
      return null;
    };
    await expect(
      batchedResolver(resolve)([call('quote', { symbol: 'A' }), call('quote', { symbol: 'BAD' })]),
    ).rejects.toThrow('symbol: invalid');
  });
});
