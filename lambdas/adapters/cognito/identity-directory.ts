import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  UnknownUserError,
  type DirectoryUser,
  type IdentityDirectory,
  type UserPage,
} from '../../ports/identity-directory';

const toUser = (user: UserType): DirectoryUser => ({
  Username: user.Username ?? '',
  Attributes: (user.Attributes ?? []).map((a) => ({ Name: a.Name ?? '', Value: a.Value ?? '' })),
  Enabled: user.Enabled ?? false,
  UserStatus: user.UserStatus ?? 'UNKNOWN',
  ...(user.UserCreateDate && { UserCreateDate: user.UserCreateDate.toISOString() }),
  ...(user.UserLastModifiedDate && {
    UserLastModifiedDate: user.UserLastModifiedDate.toISOString(),
  }),
});

async function mapUnknown<T>(run: () => Promise<T>, username: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UserNotFoundException)
      throw new UnknownUserError(`Unknown user ${username}`);
    throw error;
  }
}

/** The user directory over Cognito's admin API (AWS, or the local identity service). */
export class CognitoIdentityDirectory implements IdentityDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async listUsers({ limit, token }: { limit: number; token?: string }): Promise<UserPage> {
    const result = await this.client.send(
      new ListUsersCommand({ UserPoolId: this.userPoolId, Limit: limit, PaginationToken: token }),
    );
    return {
      Users: (result.Users ?? []).map(toUser),
      ...(result.PaginationToken && { NextToken: result.PaginationToken }),
    };
  }

  async listUsersInGroup(group: string, { limit, token }: { limit: number; token?: string }) {
    const result = await this.client.send(
      new ListUsersInGroupCommand({
        UserPoolId: this.userPoolId,
        GroupName: group,
        Limit: limit,
        NextToken: token,
      }),
    );
    return {
      Users: (result.Users ?? []).map(toUser),
      ...(result.NextToken && { NextToken: result.NextToken }),
    };
  }

  async enableUser(username: string): Promise<void> {
    await mapUnknown(
      () =>
        this.client.send(
          new AdminEnableUserCommand({ UserPoolId: this.userPoolId, Username: username }),
        ),
      username,
    );
  }

  async disableUser(username: string): Promise<void> {
    await mapUnknown(
      () =>
        this.client.send(
          new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: username }),
        ),
      username,
    );
  }
}
