import { contentSecurityPolicy as siteCsp } from '../../core/site-delivery';

/** The hosts the SPA talks to besides its own origin. */
export interface CspEndpoints {
  /** AWS region of the user pool: Amplify signs in at https://cognito-idp.<region>.amazonaws.com. */
  readonly region: string;
  /** The AppSync API's host (<id>.appsync-api.<region>.amazonaws.com); the SPA uses /graphql. */
  readonly appsyncHost: string;
  /** The user-files bucket's regional domain: the SPA posts CSV uploads to it. */
  readonly userFilesHost: string;
  /** An analytics id is configured: Google Analytics' hosts are allowed too. */
  readonly analytics?: boolean;
}

/**
 * The site's Content-Security-Policy in AWS (core/site-delivery.ts, the local server's too): Cognito
 * and AppSync (should a client use its own URL) are the origins it connects to besides its own.
 */
export function contentSecurityPolicy({
  region,
  appsyncHost,
  userFilesHost,
  analytics = false,
}: CspEndpoints): string {
  return siteCsp({
    analytics,
    connect: [
      `https://cognito-idp.${region}.amazonaws.com`,
      `https://${appsyncHost}`,
      `https://${userFilesHost}`,
    ],
  });
}
