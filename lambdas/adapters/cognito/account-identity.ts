import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { AccountIdentity } from '../../ports/account-identity';
import { awsClientOptions } from '../aws/client-options';

type IdentityClient = Pick<CognitoIdentityProviderClient, 'send'>;

/** The account operations on the Cognito user pool (the local identity service speaks the same API). */
export class CognitoAccountIdentity implements AccountIdentity {
  /** `client` is made on first use (Lambda's region and credentials) when not given. */
  constructor(
    private client: IdentityClient | undefined,
    private readonly userPoolId: string,
  ) {}

  // Imported on first use: only signing out everywhere and confirming a phone change reach the
  // user pool, so the account function's other routes do not load the SDK module on a cold start.
  private async sdk() {
    const sdk = await import('@aws-sdk/client-cognito-identity-provider');
    this.client ??= new sdk.CognitoIdentityProviderClient(awsClientOptions());
    return { sdk, client: this.client };
  }

  async signOutEverywhere(username: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: username }),
    );
  }

  async setVerifiedPhone(username: string, phoneNumber: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.AdminUpdateUserAttributesCommand({
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
