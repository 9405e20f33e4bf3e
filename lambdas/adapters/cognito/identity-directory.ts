import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  DescribeUserPoolCommand,
  InvalidParameterException,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  InvalidPageTokenError,
  UnknownUserError,
  type DirectoryUser,
  type IdentityDirectory,
  type PageOptions,
  type UserPage,
} from '../../ports/identity-directory';

const toAttributes = (attributes: AttributeType[] | undefined) =>
  (attributes ?? []).map((a) => ({ Name: a.Name ?? '', Value: a.Value ?? '' }));

const toUser = (user: UserType): DirectoryUser => ({
  Username: user.Username ?? '',
  Attributes: toAttributes(user.Attributes),
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

/** A listing with a token Cognito refuses ("Paging marker … is invalid"): the caller's to fix. */
async function mapBadToken<T>(run: () => Promise<T>, token: string | undefined): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (token !== undefined && error instanceof InvalidParameterException) {
      throw new InvalidPageTokenError(error.message);
    }
    throw error;
  }
}

/** The user directory over Cognito's admin API (AWS, or the local identity service). */
export class CognitoIdentityDirectory implements IdentityDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async listUsers({ limit, token }: PageOptions): Promise<UserPage> {
    const result = await mapBadToken(
      () =>
        this.client.send(
          new ListUsersCommand({
            UserPoolId: this.userPoolId,
            Limit: limit,
            PaginationToken: token,
          }),
        ),
      token,
    );
    return {
      Users: (result.Users ?? []).map(toUser),
      ...(result.PaginationToken && { NextToken: result.PaginationToken }),
    };
  }

  async listUsersInGroup(group: string, { limit, token }: PageOptions) {
    const result = await mapBadToken(
      () =>
        this.client.send(
          new ListUsersInGroupCommand({
            UserPoolId: this.userPoolId,
            GroupName: group,
            Limit: limit,
            NextToken: token,
          }),
        ),
      token,
    );
    return {
      Users: (result.Users ?? []).map(toUser),
      ...(result.NextToken && { NextToken: result.NextToken }),
    };
  }

  async countUsers(): Promise<number> {
    const { UserPool } = await this.client.send(
      new DescribeUserPoolCommand({ UserPoolId: this.userPoolId }),
    );
    return UserPool?.EstimatedNumberOfUsers ?? 0;
  }

  async getUser(username: string): Promise<DirectoryUser> {
    const user = await mapUnknown(
      () =>
        this.client.send(
          new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: username }),
        ),
      username,
    );
    return toUser({ ...user, Attributes: user.UserAttributes });
  }

  async groupsOfUser(username: string): Promise<readonly string[]> {
    const groups: string[] = [];
    let token: string | undefined;
    do {
      const page = await mapUnknown(
        () =>
          this.client.send(
            new AdminListGroupsForUserCommand({
              UserPoolId: this.userPoolId,
              Username: username,
              Limit: 60,
              NextToken: token,
            }),
          ),
        username,
      );
      groups.push(...(page.Groups ?? []).flatMap((g) => (g.GroupName ? [g.GroupName] : [])));
      token = page.NextToken;
    } while (token);
    return groups;
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
