import { describe, expect, it } from 'vitest';
import { PAYMENT_WEBHOOK_EVENTS_TABLE, STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { createTableInput } from './tables';

describe('createTableInput (local tables from core/tables.ts)', () => {
  it('declares each key attribute once, with keys and indexes as defined', () => {
    const input = createTableInput(STOCKS_TABLE);
    expect(input.TableName).toBe('stocks');
    expect(input.BillingMode).toBe('PAY_PER_REQUEST');
    expect(input.KeySchema).toEqual([
      { AttributeName: 'isin', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const names = input.AttributeDefinitions!.map((a) => a.AttributeName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(['area', 'areaKey', 'isin', 'kind', 'sk', 'symbol']);
    expect(input.GlobalSecondaryIndexes!.map((i) => i.IndexName)).toEqual([
      'bySymbol',
      'byKind',
      'byArea',
    ]);
  });

  it('projects only the listed attributes where the index says so', () => {
    const indexes = createTableInput(STOCKS_TABLE).GlobalSecondaryIndexes!;
    expect(indexes.find((i) => i.IndexName === 'byArea')!.Projection).toEqual({
      ProjectionType: 'INCLUDE',
      NonKeyAttributes: ['updatedAt', 'updatedBy'],
    });
    expect(indexes.find((i) => i.IndexName === 'bySymbol')!.Projection).toEqual({
      ProjectionType: 'ALL',
    });
  });

  it('omits the sort key for a hash-only table', () => {
    const input = createTableInput(PAYMENT_WEBHOOK_EVENTS_TABLE);
    expect(input.KeySchema).toEqual([{ AttributeName: 'eventId', KeyType: 'HASH' }]);
  });

  it('keys the users table by sub partition and item, with the e-mail indexed', () => {
    const input = createTableInput(USERS_TABLE);
    expect(input.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(input.GlobalSecondaryIndexes!.map((i) => i.IndexName)).toEqual([
      'byEmail',
      'byCustomerId',
      'byArmedAlerts',
    ]);
  });
});
