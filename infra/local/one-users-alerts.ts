import {
  AdminGetUserCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AlertStore } from '../../lambdas/ports/alert-store';

/**
 * The alert store as if only this user had alerts: the evaluator composed over it runs one user's
 * alerts (the developer control's run as of another instant then fires nobody else's).
 */
export function oneUsersAlerts(store: AlertStore, sub: string): AlertStore {
  const scoped = Object.create(store) as AlertStore;
  scoped.armed = async function* armed() {
    for await (const page of store.armed()) {
      const mine = page.filter((owner) => owner.sub === sub);
      if (mine.length > 0) yield mine;
    }
  };
  return scoped;
}

/** The sub of the pool's user with this e-mail (the developer controls name users by e-mail). */
export async function subByEmail(
  identity: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<string | undefined> {
  try {
    const user = await identity.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }),
    );
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}
