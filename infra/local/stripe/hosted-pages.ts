import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalStripeApi } from './api';
import { invoicePdf } from './invoice-pdf';
import { noSuch } from './stripe-error';
import type { StripeObject } from './state';

const escape = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The hosted pages' own policy: nothing but this page, its form posting to itself. Chromium holds
 * a form's redirects to form-action too: the checkout's form ends in a 303 to the product's
 * success URL, so that origin (and no other) is allowed as well, or the paid checkout would stop
 * on a blocked redirect.
 */
const headers = (formAction: readonly string[] = []) => ({
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

const originOf = (url: unknown): string[] => {
  try {
    return [new URL(String(url)).origin];
  } catch {
    return [];
  }
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit}
button{margin-top:1rem;padding:.6rem 1rem;font:inherit}[role=alert]{color:#a00;margin-top:1rem}</style>
</head><body><main>${body}</main></body></html>`;
}

function checkoutPage(session: StripeObject, price: StripeObject, error?: string): string {
  const interval = (price.recurring as { interval: string }).interval;
  return page(
    'Local Stripe checkout',
    `<h1>Subscribe to StockScope Premium</h1>
<p>${escape(money(price.unit_amount as number, price.currency as string))} per ${escape(interval)}</p>
<p><small>Local Stripe stand-in: use a test card such as 4242 4242 4242 4242.</small></p>
<form method="post">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Subscribe</button>
${error ? `<p role="alert">${escape(error)}</p>` : ''}
</form>
<p><a href="${escape(session.cancel_url ?? '/')}">Back</a></p>`,
  );
}

function authenticationPage(card: string): string {
  return page(
    'Authenticate your payment',
    `<h1>Authenticate your payment</h1><p>Your bank asks you to confirm this payment.</p>
<form method="post"><input type="hidden" name="card" value="${escape(card)}">
<button name="authentication" value="complete">Complete authentication</button>
<button name="authentication" value="fail">Fail authentication</button></form>`,
  );
}

/** The hosted pages: GET shows the checkout form, POST pays with the card entered. */
export async function handleHostedPage(
  api: LocalStripeApi,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  body: string,
): Promise<void> {
  const pdf = /^\/invoices\/(?<id>in_\w+)\/pdf$/.exec(url.pathname)?.groups?.id;
  if (pdf) {
    const invoice = api.invoiceById(pdf);
    response.writeHead(200, {
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
    });
    response.end(
      invoicePdf([
        `StockScope invoice ${String(invoice.number)}`,
        `Date: ${new Date((invoice.created as number) * 1000).toISOString().slice(0, 10)}`,
        `Total: ${money(invoice.total as number, invoice.currency as string)}`,
        `Status: ${String(invoice.status)}`,
      ]),
    );
    return;
  }
  const match = /^\/checkout\/(?<id>cs_test_\w+)$/.exec(url.pathname);
  const id = match?.groups?.id;
  if (!id) throw noSuch('page', url.pathname);
  const session = api.retrieveCheckoutSession({
    params: { id },
    form: {},
    idempotencyKey: undefined,
  });
  const price = api.retrievePrice({
    params: { id: session.line_items_price as string },
    form: {},
    idempotencyKey: undefined,
  });
  const html = (status: number, text: string) => {
    response.writeHead(status, headers(originOf(session.success_url)));
    response.end(text);
  };
  if (request.method !== 'POST') return html(200, checkoutPage(session, price));
  const form = new URLSearchParams(body);
  const card = form.get('card') ?? '';
  const authentication = form.get('authentication');
  if (authentication === 'fail') {
    return html(
      402,
      checkoutPage(
        session,
        price,
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      ),
    );
  }
  const result = api.pay(id, card, { authenticated: authentication === 'complete' });
  if (result.ok) {
    const target = String(result.session.success_url).replace('{CHECKOUT_SESSION_ID}', id);
    response.writeHead(303, { location: target });
    response.end();
    return;
  }
  if (result.reason === 'authentication') return html(200, authenticationPage(card));
  return html(402, checkoutPage(session, price, result.message));
}
