import { randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { identityClient } from '../../infra/local/identity/bootstrap';

/**
 * Accounts of their own for the test files on the shared local stack: the stack's /config.json
 * names the identity endpoint and user pool (as the SPA reads them); the outbox holds the codes
 * sent.
 */
export interface StackConfig {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly identityEndpoint: string;
}

export async function stackConfig(url: string): Promise<StackConfig> {
  const response = await fetch(`${url}/config.json`);
  if (!response.ok) throw new Error(`config.json: ${response.status}`);
  return (await response.json()) as StackConfig;
}

/** Unique per call, so test files sharing the stack never meet. */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${randomInt(1e9).toString(36)}@example.com`;
export const uniquePhone = () => `+1555${String(randomInt(1e7)).padStart(7, '0')}`;
export const PASSWORD = 'Browser#Test2025';

export interface NewAccount {
  readonly email: string;
  readonly phone: string;
  readonly password: string;
}

export function newAccount(tag: string): NewAccount {
  return { email: uniqueEmail(tag), phone: uniquePhone(), password: PASSWORD };
}

/** Signs the account up through the identity service; confirmed (users record made) unless not. */
export async function createAccount(
  config: StackConfig,
  account: NewAccount,
  { confirmed = true, group }: { confirmed?: boolean; group?: 'admin' | 'editor' } = {},
): Promise<void> {
  const identity = identityClient(config.identityEndpoint);
  try {
    await identity.send(
      new SignUpCommand({
        ClientId: config.userPoolClientId,
        Username: account.email,
        Password: account.password,
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'phone_number', Value: account.phone },
        ],
      }),
    );
    if (confirmed) {
      await identity.send(
        new AdminConfirmSignUpCommand({ UserPoolId: config.userPoolId, Username: account.email }),
      );
      // An administrator confirming an account vouches for its e-mail, as the e-mailed code does.
      await identity.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: config.userPoolId,
          Username: account.email,
          UserAttributes: [
            { Name: 'email', Value: account.email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    }
    if (group) {
      await identity.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: config.userPoolId,
          Username: account.email,
          GroupName: group,
        }),
      );
    }
  } finally {
    identity.destroy();
  }
}
