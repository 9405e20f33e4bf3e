import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalStripeApi } from './api';
import { cardFields, escape, page, sendHtml } from './hosted-html';
import { StripeApiError } from './stripe-error';

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

function portalPage(
  api: LocalStripeApi,
  customerId: string,
  returnUrl: string | null,
  note?: { readonly kind: 'updated' } | { readonly kind: 'error'; readonly message: string },
): string {
  const card = api.cardOf(customerId);
  return page(
    'Local Stripe billing portal',
    `<h1>Billing for StockScope</h1>
<p><small>Local Stripe stand-in: the customer portal.</small></p>
<p>${card ? `Card on file: ${escape(brandName(card.brand))} ending in ${escape(card.last4)}` : 'No card on file.'}</p>
${note?.kind === 'updated' ? '<p role="status">Your card was updated. The next payment charges it.</p>' : ''}
<h2>Update card</h2>
<form method="post">
${cardFields}
<button type="submit">Update card</button>
${note?.kind === 'error' ? `<p role="alert">${escape(note.message)}</p>` : ''}
</form>
${returnUrl ? `<p><a href="${escape(returnUrl)}">Return to StockScope</a></p>` : ''}`,
  );
}

/**
 * The hosted billing portal (/portal/<session id>): the card the subscription charges and a form
 * to replace it with a test card; the next charge (a renewal or its retry) uses the new one.
 */
export function handlePortalPage(
  api: LocalStripeApi,
  sessionId: string,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  body: string,
): void {
  const { customer, returnUrl } = api.portalSession(sessionId);
  if (request.method !== 'POST') {
    const updated = url.searchParams.get('updated') === '1';
    sendHtml(
      response,
      200,
      portalPage(api, customer, returnUrl, updated ? { kind: 'updated' } : undefined),
    );
    return;
  }
  try {
    api.setDefaultCard(customer, new URLSearchParams(body).get('card') ?? '');
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    const message = 'That is not one of Stripe’s test cards: try 4242 4242 4242 4242.';
    sendHtml(response, 400, portalPage(api, customer, returnUrl, { kind: 'error', message }));
    return;
  }
  // Post, redirect, get: a reload does not post the card again.
  response.writeHead(303, { location: `/portal/${sessionId}?updated=1` });
  response.end();
}
