import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { clientAnswering } from './testing/recording-client';
import { emptyPermissionSet } from '../../../core/permissions';
import { ItemTooLargeError, VersionConflictError } from '../../ports/users-repository';
import { DynamoDbUsersRepository } from './users-repository';

/** The names a GetCommand's projection asks for. */
const projected = (input: Record<string, unknown>) => {
  const names = input.ExpressionAttributeNames as Record<string, string>;
  return String(input.ProjectionExpression)
    .split(', ')
    .map((placeholder) => names[placeholder]);
};

const write = { accessLevels: emptyPermissionSet(), version: 1, audit: [] };

describe('DynamoDbUsersRepository', () => {
  it('get projects the record’s attributes, never the permission version or audit trail', async () => {
    const { client, inputs } = clientAnswering(() => ({
      Item: { email: 'ed@example.com', sub: 's', createdAt: 'c', subscription: null },
    }));
    const users = new DynamoDbUsersRepository(client, 'users');
    expect(await users.get('s')).toMatchObject({ email: 'ed@example.com' });
    expect(inputs[0]).toMatchObject({ TableName: 'users', Key: { pk: 'USER#s', sk: 'PROFILE' } });
    expect(projected(inputs[0]!)).toEqual([
      'email',
      'sub',
      'phoneNumber',
      'phoneVerified',
      'createdAt',
      'subscription',
      'customerId',
      'permissionSet',
      'shariahStandard',
      'verdictAlerts',
    ]);
  });

  it('getPermissions projects set, version and trail, and reads them as a view', async () => {
    const { client, inputs } = clientAnswering(() => ({
      Item: { sub: 's', email: 'ed@example.com', permissionVersion: 2 },
    }));
    const users = new DynamoDbUsersRepository(client, 'users');
    expect(await users.getPermissions('s')).toEqual({
      sub: 's',
      email: 'ed@example.com',
      permissionSet: null,
      version: 2,
      audit: [],
    });
    expect(projected(inputs[0]!)).toEqual([
      'sub',
      'email',
      'permissionSet',
      'permissionVersion',
      'permissionAudit',
    ]);
    const none = new DynamoDbUsersRepository(clientAnswering(() => ({})).client, 'users');
    expect(await none.getPermissions('nobody@example.com')).toBeUndefined();
  });

  it('turns a failed version condition into VersionConflictError', async () => {
    const { client } = clientAnswering(() => {
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
      });
    });
    await expect(
      new DynamoDbUsersRepository(client, 'users').writePermissionSet('ed@example.com', 0, write),
    ).rejects.toBeInstanceOf(VersionConflictError);
  });

  it('turns DynamoDB’s item size refusal into ItemTooLargeError, other validation errors not', async () => {
    const refusing = (message: string) =>
      new DynamoDbUsersRepository(
        clientAnswering(() => {
          throw Object.assign(new Error(message), { name: 'ValidationException' });
        }).client,
        'users',
      );
    await expect(
      refusing('Item size to update has exceeded the maximum allowed size').writePermissionSet(
        'ed@example.com',
        0,
        write,
      ),
    ).rejects.toBeInstanceOf(ItemTooLargeError);
    const other = refusing('Invalid UpdateExpression: Syntax error');
    await expect(other.writePermissionSet('ed@example.com', 0, write)).rejects.toThrow(
      'Invalid UpdateExpression',
    );
    await expect(other.writePermissionSet('ed@example.com', 0, write)).rejects.not.toBeInstanceOf(
      ItemTooLargeError,
    );
  });
});
