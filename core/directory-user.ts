/**
 * A user as AdminQueries lists them (Cognito's ListUsers shape, which SPEC §3 names: Attributes as
 * name/value pairs, which the SPA flattens). Shared by the API's port and the SPA's client.
 */
export interface DirectoryUser {
  readonly Username: string;
  readonly Attributes: readonly { readonly Name: string; readonly Value: string }[];
  readonly Enabled: boolean;
  readonly UserStatus: string;
  readonly UserCreateDate?: string;
  readonly UserLastModifiedDate?: string;
}

/** One page of users; NextToken asks for the next. */
export interface UserPage {
  readonly Users: readonly DirectoryUser[];
  readonly NextToken?: string;
}
