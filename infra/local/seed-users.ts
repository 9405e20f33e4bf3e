import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { EDITOR_GROUP } from '../../core/constants';
import { emptyPermissionSet } from '../../core/permissions';
import { newUserRecord } from '../../core/user-record';
import type { UsersRepository } from '../../lambdas/ports/users-repository';
import type { DemoAccount } from './demo-accounts';

/**
 * Gives each demo account its users-table record, as the post-confirmation trigger does for a real
 * sign-up. Idempotent: an existing record (perhaps edited by an admin) is left alone.
 */
export async function seedUserRecord(
  identity: CognitoIdentityProviderClient,
  userPoolId: string,
  users: UsersRepository,
  account: DemoAccount,
): Promise<void> {
  const user = await identity.send(
    new AdminGetUserCommand({ UserPoolId: userPoolId, Username: account.email }),
  );
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;
  if (!sub) throw new Error(`Demo account ${account.email} has no sub`);
  if (await users.get(sub)) return;
  await users.createIfAbsent({
    ...newUserRecord({
      email: account.email,
      sub,
      phoneNumber: account.phoneNumber,
      createdAt: new Date().toISOString(),
    }),
    ...(account.group === EDITOR_GROUP && {
      permissionSet: { accessLevels: emptyPermissionSet() },
    }),
  });
}
