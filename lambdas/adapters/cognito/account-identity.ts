import {
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AccountIdentity } from '../../ports/account-identity';

/** The account operations on the Cognito user pool (the local identity service speaks the same API). */
export class CognitoAccountIdentity implements AccountIdentity {
  constructor(
    private readonly client: Pick<CognitoIdentityProviderClient, 'send'>,
    private readonly userPoolId: string,
  ) {}

  async signOutEverywhere(username: string): Promise<void> {
    await this.client.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: username }),
    );
  }

  async setVerifiedPhone(username: string, phoneNumber: string): Promise<void> {
    await this.client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: this.userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'phone_number', Value: phoneNumber },
          { Name: 'phone_number_verified', Value: 'true' },
        ],
      }),
    );
  }
}
