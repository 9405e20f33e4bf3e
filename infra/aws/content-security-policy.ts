/** The hosts the SPA talks to besides its own origin. */
export interface CspEndpoints {
  /** AWS region of the user pool: Amplify signs in at https://cognito-idp.<region>.amazonaws.com. */
  readonly region: string;
  /** The AppSync API's host (<id>.appsync-api.<region>.amazonaws.com); the SPA uses /graphql. */
  readonly appsyncHost: string;
}

/** Stripe.js: its script host, the API it calls and the frames it opens for card entry. */
export const STRIPE_SCRIPT_HOST = 'https://js.stripe.com';

/**
 * The site's Content-Security-Policy. Scripts only from the site and Stripe (no inline script:
 * Vite's build has none). Styles keep 'unsafe-inline' so a library that injects a <style> element
 * keeps working: injected styles are a far smaller risk than injected scripts, which stay blocked.
 * Connections: the site itself (the APIs are same-origin behind CloudFront), Cognito, AppSync
 * (should a client use its own URL) and Stripe's API.
 */
export function contentSecurityPolicy({ region, appsyncHost }: CspEndpoints): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_SCRIPT_HOST}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://${appsyncHost} https://api.stripe.com`,
    `frame-src ${STRIPE_SCRIPT_HOST} https://hooks.stripe.com`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
