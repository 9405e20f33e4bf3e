/** What the stand-in's hosted pages (checkout, portal) share: escaping, layout and headers. */

export const escape = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** A day as YYYY-MM-DD (UTC), from epoch seconds. */
export const day = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/**
 * The hosted pages' own policy: nothing but this page, its forms posting to the stand-in. Chromium
 * holds a form's redirects to form-action too: checkout's form ends in a 303 to the product's
 * success URL, so that origin (and no other) is allowed as well, or a paid checkout would stop on
 * a blocked redirect.
 */
export const htmlHeaders = (formAction: readonly string[] = []) => ({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    ["form-action 'self'", ...formAction].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
});

/** The origin of a url the stand-in was given (none when it is not one). */
export const originOf = (url: unknown): string[] =>
  URL.canParse(String(url)) ? [new URL(String(url)).origin] : [];

/** A whole page around a body that is already escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit}
button{margin-top:1rem;padding:.6rem 1rem;font:inherit}[role=alert]{color:#a00;margin-top:1rem}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.25rem .5rem .25rem 0}</style>
</head><body><main>${body}</main></body></html>`;
}

/** Stripe's message when the customer fails the bank's authentication step. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The bank's authentication step for a card that asks for it (posts back to the same url). */
export function authenticationPage(card: string, more: Record<string, string> = {}): string {
  const hidden = Object.entries({ card, ...more })
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return page(
    'Authenticate your payment',
    `<h1>Authenticate your payment</h1><p>Your bank asks you to confirm this payment.</p>
<form method="post">${hidden}
<button name="authentication" value="complete">Complete authentication</button>
<button name="authentication" value="fail">Fail authentication</button></form>`,
  );
}
