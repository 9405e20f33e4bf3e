import type { ServerResponse } from 'node:http';

/** The local Stripe's hosted pages (checkout, portal): their HTML, headers and card form. */

export const escape = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The hosted pages' own policy: nothing but this page, its form posting to itself. Chromium holds
 * a form's redirects to form-action too: the checkout's form ends in a 303 to the product's
 * success URL, so that origin (and no other) is allowed as well, or the paid checkout would stop
 * on a blocked redirect.
 */
export const headers = (formAction: readonly string[] = []) => ({
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

export const originOf = (url: unknown): string[] => {
  try {
    return [new URL(String(url)).origin];
  } catch {
    return [];
  }
};

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit}
button{margin-top:1rem;padding:.6rem 1rem;font:inherit}[role=alert]{color:#a00;margin-top:1rem}</style>
</head><body><main>${body}</main></body></html>`;
}

/** The card form's fields, as Stripe's test pages ask for them. */
export const cardFields = `<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>`;

/** Answers an HTML page with the hosted pages' headers. */
export function sendHtml(
  response: ServerResponse,
  status: number,
  html: string,
  formAction: readonly string[] = [],
): void {
  response.writeHead(status, headers(formAction));
  response.end(html);
}
