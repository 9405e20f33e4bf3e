import type { ServerResponse } from 'node:http';
import * as z from 'zod';
import type { LocalStripeApi } from './api';
import {
  AUTHENTICATION_FAILED,
  authenticationPage,
  day,
  escape,
  htmlHeaders,
  money,
  page,
} from './page-html';
import type { StripeObject } from './state';
import { StripeApiError } from './stripe-error';

/** `/portal/<session>` shows the portal; its forms post to `/portal/<session>/<action>`. */
const PATH = /^\/portal\/(?<id>bps_\w+)(?:\/(?<action>card|cancel|resume))?$/;

const cardForm = z.object({
  card: z.string('card is required').trim().min(1, 'card is required'),
  authentication: z
    .enum(['complete', 'fail'], 'authentication must be complete or fail')
    .optional(),
});
const subscriptionForm = z.object({
  subscription: z.string('subscription is required').min(1, 'subscription is required'),
});

interface Notice {
  readonly kind: 'error' | 'done';
  readonly text: string;
}

const STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  unpaid: 'Unpaid',
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const noticeHtml = (notice: Notice | undefined) =>
  notice
    ? `<p role="${notice.kind === 'error' ? 'alert' : 'status'}">${escape(notice.text)}</p>`
    : '';

function subscriptionHtml(sessionId: string, subscription: StripeObject | undefined): string {
  if (!subscription) return '<h2>Current plan</h2><p>You have no subscription.</p>';
  const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
  const price = item.price as StripeObject;
  const interval = (price.recurring as { interval: string }).interval;
  const status = String(subscription.status);
  const periodEnd = day(item.current_period_end as number);
  const when =
    status === 'canceled'
      ? `Ended on ${day(subscription.ended_at as number)}`
      : subscription.cancel_at_period_end
        ? `Cancels on ${periodEnd}`
        : `Renews on ${periodEnd}`;
  const method = subscription.default_payment_method as StripeObject | null;
  const card = method?.card as { brand: string; last4: string } | undefined;
  const action = (name: 'cancel' | 'resume', label: string) =>
    `<form method="post" action="/portal/${escape(sessionId)}/${name}">
<input type="hidden" name="subscription" value="${escape(subscription.id)}">
<button type="submit">${label}</button></form>`;
  return `<h2>Current plan</h2>
<p>StockScope Premium · ${escape(money(price.unit_amount as number, price.currency as string))} per ${escape(interval)}</p>
<p>Status: <strong>${escape(STATUS_LABELS[status] ?? status)}</strong></p>
<p>${escape(when)}</p>
${status === 'past_due' ? '<p role="alert">Your last payment failed. Update your card to pay the open invoice.</p>' : ''}
<p>Card: ${card ? `${escape(capitalized(card.brand))} •••• ${escape(card.last4)}` : 'none'}</p>
${status === 'canceled' ? '' : subscription.cancel_at_period_end ? action('resume', 'Renew plan') : action('cancel', 'Cancel plan')}`;
}

function invoicesHtml(invoices: readonly StripeObject[]): string {
  if (invoices.length === 0) return '<h2>Invoice history</h2><p>No invoices yet.</p>';
  const rows = invoices.map(
    (invoice) => `<tr><td>${escape(day(invoice.created as number))}</td>
<td>${escape(money(invoice.total as number, invoice.currency as string))}</td>
<td>${escape(invoice.status)}</td><td>${escape(invoice.number)}</td>
<td><a href="${escape(invoice.invoice_pdf)}">PDF</a></td></tr>`,
  );
  return `<h2>Invoice history</h2><table>
<thead><tr><th>Date</th><th>Amount</th><th>Status</th><th>Number</th><th>Invoice</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

const NOT_FOUND = page(
  'Billing portal',
  `<h1>This link has expired</h1>
<p>Billing portal links are short-lived. Go back to StockScope and open the billing portal again.</p>`,
);

/**
 * The stand-in's customer portal, as Stripe's behaves for what StockScope offers there: the
 * current plan with its card and renewal or end date, the invoices with their PDFs, a card update
 * (which retries a past_due invoice at once), cancel at period end and resume. Forms answer 303
 * back to the portal (post/redirect/get); their outcome is shown once, kept here by session.
 */
export class PortalPage {
  private readonly notices = new Map<string, Notice>();

  constructor(private readonly api: LocalStripeApi) {}

  /** Whether this path is the portal's (anything under /portal/). */
  static owns(url: URL): boolean {
    return url.pathname.startsWith('/portal/');
  }

  handle(url: URL, method: string | undefined, response: ServerResponse, body: string): void {
    const html = (status: number, text: string) => {
      response.writeHead(status, htmlHeaders());
      response.end(text);
    };
    const match = PATH.exec(url.pathname)?.groups;
    const session = match?.id ? this.api.visitPortalSession(match.id) : undefined;
    if (!match?.id || !session) return html(404, NOT_FOUND);
    // PATH admits only these actions.
    const action = match.action as 'card' | 'cancel' | 'resume' | undefined;
    if ((method === 'POST') !== (action !== undefined)) {
      response.writeHead(405, { ...htmlHeaders, allow: action ? 'POST' : 'GET' });
      response.end(page('Billing portal', '<h1>Method not allowed</h1>'));
      return;
    }
    if (!action) {
      const notice = this.notices.get(session.id);
      this.notices.delete(session.id);
      return html(200, this.portal(session, notice));
    }
    const fields = Object.fromEntries(new URLSearchParams(body));
    const outcome =
      action === 'card'
        ? this.updateCard(session, fields)
        : this.setCancel(session, action, fields);
    if (outcome === 'not-found') return html(404, NOT_FOUND);
    if (outcome === 'authenticate') return html(200, authenticationPage(fields.card ?? ''));
    if ('invalid' in outcome) return html(400, this.portal(session, outcome.invalid));
    this.notices.set(session.id, outcome);
    response.writeHead(303, { location: `/portal/${session.id}` });
    response.end();
  }

  private portal(session: StripeObject, notice: Notice | undefined): string {
    const customer = this.api.customerById(session.customer as string);
    const query = (form: Record<string, string | string[]>) => ({
      params: {},
      form: { customer: customer.id, ...form },
      idempotencyKey: undefined,
    });
    const expand = ['data.default_payment_method'];
    // The plan still running, or else the one that ended last.
    const subscription =
      (this.api.listSubscriptions(query({ limit: '1', expand })).data as StripeObject[])[0] ??
      (
        this.api.listSubscriptions(query({ limit: '1', status: 'all', expand }))
          .data as StripeObject[]
      )[0];
    const invoices = this.api.listInvoices(query({ limit: '24' })).data as StripeObject[];
    const who = [customer.name, customer.email].filter((v) => typeof v === 'string' && v);
    const back = session.return_url as string | null;
    return page(
      'StockScope billing',
      `<h1>StockScope billing</h1>
${who.length ? `<p>${who.map(escape).join(' · ')}</p>` : ''}
${noticeHtml(notice)}
${subscriptionHtml(session.id, subscription)}
<h2>Payment method</h2>
<form method="post" action="/portal/${escape(session.id)}/card">
<label for="card">New card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">Update card</button>
</form>
${invoicesHtml(invoices)}
${back ? `<p><a href="${escape(back)}">Return to StockScope</a></p>` : ''}`,
    );
  }

  private updateCard(
    session: StripeObject,
    fields: Record<string, string>,
  ): Notice | 'authenticate' | { invalid: Notice } {
    const parsed = cardForm.safeParse(fields);
    if (!parsed.success) return { invalid: invalidNotice(parsed.error) };
    const { card, authentication } = parsed.data;
    if (authentication === 'fail') return { kind: 'error', text: AUTHENTICATION_FAILED };
    const result = this.api.updateCard(session.customer as string, card, {
      authenticated: authentication === 'complete',
    });
    if (!result.ok) {
      return result.reason === 'authentication'
        ? 'authenticate'
        : { kind: 'error', text: result.message };
    }
    if (result.paymentError) {
      return {
        kind: 'error',
        text: `Your card was updated, but the payment of the open invoice failed: ${result.paymentError}`,
      };
    }
    return { kind: 'done', text: 'Your card was updated.' };
  }

  private setCancel(
    session: StripeObject,
    action: 'cancel' | 'resume',
    fields: Record<string, string>,
  ): Notice | 'not-found' | { invalid: Notice } {
    const parsed = subscriptionForm.safeParse(fields);
    if (!parsed.success) return { invalid: invalidNotice(parsed.error) };
    const id = parsed.data.subscription;
    // Only this session's customer's subscriptions: the form's id is never trusted alone.
    if (!this.api.customerSubscription(session.customer as string, id)) return 'not-found';
    try {
      // The REST API's own update, so the same events go out as for the product's own calls.
      this.api.updateSubscription({
        params: { id },
        form: { cancel_at_period_end: String(action === 'cancel') },
        idempotencyKey: undefined,
      });
    } catch (error) {
      if (error instanceof StripeApiError) return { kind: 'error', text: error.message };
      throw error;
    }
    return {
      kind: 'done',
      text: action === 'cancel' ? 'Your plan will be canceled.' : 'Your plan was renewed.',
    };
  }
}

const invalidNotice = (error: z.ZodError): Notice => ({
  kind: 'error',
  text: error.issues[0]?.message ?? 'Invalid form',
});
