/**
 * How the site is delivered — security headers and caching — in one place for both deliveries:
 * CloudFront in AWS (infra/aws/web-delivery.ts) and the local server (infra/local/server.ts).
 */
import { ANALYTICS_CSP_SOURCES } from './analytics';

export interface CspSources {
  /**
   * Origins the SPA calls besides its own: the user pool's API (Cognito in AWS, the local identity
   * service locally) and AppSync's own URL.
   */
  readonly connect: readonly string[];
  /**
   * Nonce of the inline scripts a development server injects (Vite's React preamble); never set for
   * the built site, which has no inline script.
   */
  readonly scriptNonce?: string;
  /** Google Analytics is configured (core/analytics.ts): allow its script and collection hosts. */
  readonly analytics?: boolean;
}

/**
 * The site's Content-Security-Policy. Scripts only from the site (no inline script: Vite's build
 * has none). Styles keep 'unsafe-inline' so a library that injects a <style> element keeps
 * working: injected styles are a far smaller risk than injected scripts, which stay blocked.
 * Connections: the site itself (the APIs are same-origin) and the given origins.
 *
 * Payments need no host here: the SPA sends the browser to Stripe's hosted Checkout and customer
 * portal by top-level navigation (the session's url), which CSP does not govern, and loads no
 * Stripe.js — so no Stripe script, API or frame host is allowed (frame-src 'none').
 *
 * Google Analytics' hosts are allowed only where an analytics id is configured: without one the
 * page loads no gtag.js, and the policy keeps the site to itself.
 */
export function contentSecurityPolicy({ connect, scriptNonce, analytics }: CspSources): string {
  const nonce = scriptNonce ? [`'nonce-${scriptNonce}'`] : [];
  const google = analytics ? ANALYTICS_CSP_SOURCES : { script: [], connect: [], img: [] };
  return [
    "default-src 'self'",
    ["script-src 'self'", ...nonce, ...google.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...google.img].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...connect, ...google.connect].join(' '),
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** No page of the site may be framed (clickjacking); CSP's frame-ancestors says the same. */
export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers every answer of the site carries (CloudFront's response-headers policy). */
export function securityHeaders(csp: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': FRAME_OPTIONS,
    'Referrer-Policy': REFERRER_POLICY,
  };
}

/** Vite's build puts every content-hashed file here (web/dist/assets/…). */
export const HASHED_ASSETS_DIR = 'assets';
/** Hashed build files never change: browsers keep them a year without asking again. */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * The files that name the hashed ones (index.html, config.json, the other root files) are
 * revalidated on every load, so a new build is seen at once.
 */
export const PAGE_CACHE_CONTROL = 'no-cache';

/** The Cache-Control of a site path (its URL path, e.g. /assets/index-abc.js or /index.html). */
export function siteCacheControl(path: string): string {
  return path.startsWith(`/${HASHED_ASSETS_DIR}/`)
    ? HASHED_ASSET_CACHE_CONTROL
    : PAGE_CACHE_CONTROL;
}
