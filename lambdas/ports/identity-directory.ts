/** A user as the identity service lists it (Cognito's ListUsers shape, which §3 names). */
export interface DirectoryUser {
  readonly Username: string;
  readonly Attributes: readonly { readonly Name: string; readonly Value: string }[];
  readonly Enabled: boolean;
  readonly UserStatus: string;
  readonly UserCreateDate?: string;
  readonly UserLastModifiedDate?: string;
}

export interface UserPage {
  readonly Users: readonly DirectoryUser[];
  readonly NextToken?: string;
}

/** Port over the user directory (Cognito in AWS, the local identity service locally). */
export interface IdentityDirectory {
  listUsers(options: { limit: number; token?: string }): Promise<UserPage>;
  listUsersInGroup(group: string, options: { limit: number; token?: string }): Promise<UserPage>;
  enableUser(username: string): Promise<void>;
  disableUser(username: string): Promise<void>;
}

/** The directory's answer for an unknown user (the API maps it to 404). */
export class UnknownUserError extends Error {
  override readonly name = 'UnknownUserError';
}
