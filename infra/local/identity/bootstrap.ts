import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ResourceNotFoundException,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_SETTINGS } from '../../../core/identity';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../aws-local';
import type { DemoAccount } from '../demo-accounts';
import { awsClientOptions } from '../../../lambdas/adapters/aws/client-options';

export interface LocalPool {
  readonly userPoolId: string;
  readonly clientId: string;
}

export function identityClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    ...awsClientOptions(),
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
}

async function poolExists(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

/** The pool's settings of core/identity.ts that may change after creation (not its username). */
function poolSettings() {
  const { passwordPolicy } = USER_POOL_SETTINGS;
  return {
    AutoVerifiedAttributes: [...USER_POOL_SETTINGS.autoVerifiedAttributes],
    MfaConfiguration: USER_POOL_SETTINGS.mfa,
    Policies: {
      PasswordPolicy: {
        MinimumLength: passwordPolicy.minimumLength,
        RequireLowercase: passwordPolicy.requireLowercase,
        RequireUppercase: passwordPolicy.requireUppercase,
        RequireNumbers: passwordPolicy.requireNumbers,
        RequireSymbols: passwordPolicy.requireSymbols,
      },
    },
  };
}

/** The app client's flows, existence errors and token lifetimes, as the CDK client has them. */
function clientSettings() {
  const validity = USER_POOL_SETTINGS.tokenValidity;
  return {
    ExplicitAuthFlows: [...USER_POOL_SETTINGS.appClientAuthFlows],
    EnableTokenRevocation: true,
    PreventUserExistenceErrors: 'ENABLED' as const,
    AuthSessionValidity: validity.authSessionMinutes,
    IdTokenValidity: validity.idTokenHours,
    AccessTokenValidity: validity.accessTokenHours,
    RefreshTokenValidity: validity.refreshTokenDays,
    TokenValidityUnits: {
      IdToken: 'hours' as const,
      AccessToken: 'hours' as const,
      RefreshToken: 'days' as const,
    },
  };
}

/**
 * Returns the local user pool, creating it on first start with the settings of core/identity.ts
 * (the same ones the CDK pool uses), its groups and the SPA's app client. A pool made by an earlier
 * version is brought up to date with the same settings.
 */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  existing: LocalPool | undefined,
): Promise<{ pool: LocalPool; created: boolean }> {
  if (existing && (await poolExists(client, existing.userPoolId))) {
    // UpdateUserPool resets what it is not given, as in Cognito: it gets every setting we keep.
    await client.send(
      new UpdateUserPoolCommand({ UserPoolId: existing.userPoolId, ...poolSettings() }),
    );
    await client.send(
      new UpdateUserPoolClientCommand({
        UserPoolId: existing.userPoolId,
        ClientId: existing.clientId,
        ...clientSettings(),
      }),
    );
    return { pool: existing, created: false };
  }
  const created = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'stockscope-local',
      UsernameAttributes: [USER_POOL_SETTINGS.usernameAttribute],
      UsernameConfiguration: { CaseSensitive: USER_POOL_SETTINGS.signInCaseSensitive },
      ...poolSettings(),
    }),
  );
  const userPoolId = created.UserPool?.Id;
  if (!userPoolId) throw new Error('The local identity service returned no user-pool id');
  for (const group of USER_POOL_SETTINGS.groups) {
    await client.send(
      new CreateGroupCommand({
        UserPoolId: userPoolId,
        GroupName: group.name,
        Description: group.description,
      }),
    );
  }
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      GenerateSecret: false,
      ...clientSettings(),
    }),
  );
  const clientId = appClient.UserPoolClient?.ClientId;
  if (!clientId) throw new Error('The local identity service returned no app-client id');
  return { pool: { userPoolId, clientId }, created: true };
}

/** Creates a confirmed demo account with a permanent password and its group (idempotent). */
export async function ensureDemoAccount(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  account: DemoAccount,
): Promise<void> {
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'phone_number', Value: account.phoneNumber },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof UsernameExistsException) return;
    throw error;
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: account.email,
      Password: account.password,
      Permanent: true,
    }),
  );
  if (account.group) {
    await client.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        GroupName: account.group,
      }),
    );
  }
}
