import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalStripeApi } from './api';
import { invoicePdf } from './invoice-pdf';
import { noSuch } from './stripe-error';
import type { StripeObject } from './state';
import { cardFields, escape, money, originOf, page, sendHtml } from './hosted-html';
import { handlePortalPage } from './portal-page';

function checkoutPage(session: StripeObject, price: StripeObject, error?: string): string {
  const interval = (price.recurring as { interval: string }).interval;
  return page(
    'Local Stripe checkout',
    `<h1>Subscribe to StockScope Premium</h1>
<p>${escape(money(price.unit_amount as number, price.currency as string))} per ${escape(interval)}</p>
<p><small>Local Stripe stand-in: use a test card such as 4242 4242 4242 4242.</small></p>
<form method="post">
${cardFields}
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
  const portal = /^\/portal\/(?<id>bps_\w+)$/.exec(url.pathname)?.groups?.id;
  if (portal) return handlePortalPage(api, portal, url, request, response, body);
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
  const html = (status: number, text: string) =>
    sendHtml(response, status, text, originOf(session.success_url));
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
