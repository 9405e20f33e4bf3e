import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalStripeApi } from './api';
import { invoicePdf } from './invoice-pdf';
import { noSuch } from './stripe-error';
import type { StripeObject } from './state';
import {
  AUTHENTICATION_FAILED,
  authenticationPage,
  day,
  escape,
  htmlHeaders,
  money,
  originOf,
  page,
} from './page-html';

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
        `Date: ${day(invoice.created as number)}`,
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
    response.writeHead(status, htmlHeaders(originOf(session.success_url)));
    response.end(text);
  };
  // As Stripe's hosted page does: an expired session shows that it expired and takes no card.
  if (session.status === 'expired') {
    return html(410, page('Checkout expired', '<p>This checkout session has expired.</p>'));
  }
  if (request.method !== 'POST') return html(200, checkoutPage(session, price));
  const form = new URLSearchParams(body);
  const card = form.get('card') ?? '';
  const authentication = form.get('authentication');
  if (authentication === 'fail') {
    return html(402, checkoutPage(session, price, AUTHENTICATION_FAILED));
  }
  const expiry = form.get('expiry') ?? '';
  const result = api.pay(id, card, { authenticated: authentication === 'complete', expiry });
  if (result.ok) {
    const target = String(result.session.success_url).replace('{CHECKOUT_SESSION_ID}', id);
    response.writeHead(303, { location: target });
    response.end();
    return;
  }
  if (result.reason === 'authentication') return html(200, authenticationPage(card, { expiry }));
  return html(402, checkoutPage(session, price, result.message));
}
