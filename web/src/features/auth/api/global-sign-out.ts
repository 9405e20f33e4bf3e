import type { RuntimeConfig } from './runtime-config';

/**
 * The identity service's GlobalSignOut through AWS's own Cognito client: Amplify's
 * signOut({ global: true }) swallows this call's failure and clears the local tokens anyway, so
 * "signed out everywhere" could be claimed while other devices' sessions live on. The SDK is
 * loaded only when someone asks for it, and retries as §7 says (3 attempts, standard mode).
 */
export async function revokeEverySession(
  config: RuntimeConfig,
  accessToken: string,
): Promise<void> {
  const { CognitoIdentityProviderClient, GlobalSignOutCommand } =
    await import('@aws-sdk/client-cognito-identity-provider');
  const client = new CognitoIdentityProviderClient({
    region: config.region,
    // GlobalSignOut is authorised by the access token alone (the SDK signs nothing for it).
    maxAttempts: 3,
    ...(config.identityEndpoint ? { endpoint: config.identityEndpoint } : {}),
  });
  try {
    await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
  } finally {
    client.destroy();
  }
}
