/**
 * §7's analytics: a Google Analytics 4 property, named by its measurement id. It is optional — the
 * deploy sets it (CDK context `analyticsId`), config.json carries it to the SPA, and only then do
 * the page load gtag.js and the CSP allow Google's hosts. No zod here: the SPA checks config.json
 * with the pattern alone, so zod stays out of the chunks that read it.
 */
export const ANALYTICS_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;
export const ANALYTICS_ID_FORMAT = 'a GA4 measurement id such as G-ABC123DEF4';

/** gtag.js for the property: loaded by the page only when an id is configured. */
export const gtagScriptUrl = (analyticsId: string): string =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;

/**
 * What the CSP must allow for GA4 (Google's documented list): gtag.js from Tag Manager, and the
 * collection endpoints it sends to (region1.google-analytics.com and the like), by fetch/beacon
 * or, where those fail, by image.
 */
export const ANALYTICS_CSP_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
} as const;
