import {
  InvalidParameterException,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { InvalidPageTokenError, UnknownUserError } from '../../ports/identity-directory';
import { CognitoIdentityDirectory } from './identity-directory';

/** A client whose every call fails with `error`. */
const failing = (error: Error) =>
  new CognitoIdentityDirectory(
    {
      send: async () => {
        throw error;
      },
    } as unknown as CognitoIdentityProviderClient,
    'pool',
  );
const invalid = (message: string) => new InvalidParameterException({ message, $metadata: {} });

describe('CognitoIdentityDirectory: Cognito’s refusals in the port’s terms', () => {
  it('reads a refused page token as InvalidPageTokenError, on both listings', async () => {
    const directory = failing(invalid('Paging marker abc is invalid for request'));
    await expect(directory.listUsers({ limit: 60, token: 'abc' })).rejects.toBeInstanceOf(
      InvalidPageTokenError,
    );
    await expect(
      directory.listUsersInGroup('editor', { limit: 60, token: 'abc' }),
    ).rejects.toBeInstanceOf(InvalidPageTokenError);
  });

  it('leaves other invalid parameters alone when no token was sent', async () => {
    const directory = failing(invalid('Error while parsing filter.'));
    await expect(directory.listUsers({ limit: 60 })).rejects.toBeInstanceOf(
      InvalidParameterException,
    );
  });

  it('reads an unknown user as UnknownUserError', async () => {
    const directory = failing(
      new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }),
    );
    await expect(directory.getUser('nobody')).rejects.toBeInstanceOf(UnknownUserError);
    await expect(directory.disableUser('nobody')).rejects.toBeInstanceOf(UnknownUserError);
  });

  it('sends the page token as each listing names it', async () => {
    const sent: unknown[] = [];
    const directory = new CognitoIdentityDirectory(
      {
        send: async (command: unknown) => {
          sent.push(command);
          return { Users: [] };
        },
      } as unknown as CognitoIdentityProviderClient,
      'pool',
    );
    await directory.listUsers({ limit: 2, token: 't1' });
    await directory.listUsersInGroup('editor', { limit: 2, token: 't2' });
    expect(sent[0]).toBeInstanceOf(ListUsersCommand);
    expect((sent[0] as ListUsersCommand).input).toMatchObject({ Limit: 2, PaginationToken: 't1' });
    expect(sent[1]).toBeInstanceOf(ListUsersInGroupCommand);
    expect((sent[1] as ListUsersInGroupCommand).input).toMatchObject({
      GroupName: 'editor',
      NextToken: 't2',
    });
  });
});
