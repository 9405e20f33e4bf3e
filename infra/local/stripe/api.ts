import type { FormValue } from './form-body';
import { testCardOf } from './test-cards';
import { missingParam, noSuch, StripeApiError } from './stripe-error';
import { newId, type StripeObject, type StripeState } from './state';

/** A request as the router hands it over: path parameters, the form or query, the key header. */
export interface StripeRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly form: Readonly<Record<string, FormValue>>;
  readonly idempotencyKey: string | undefined;
}

export interface LocalStripeApiOptions {
  readonly state: StripeState;
  /** The stand-in's own origin, for the hosted pages' urls. */
  readonly origin: string;
  /** Epoch seconds on the test clock. */
  readonly now: () => number;
  /** Called after every change, to persist the state. */
  readonly changed: () => void;
  /** An event about an object, for the webhook (after the change it reports). */
  readonly emit?: (type: string, object: StripeObject) => void;
}

const text = (form: Readonly<Record<string, FormValue>>, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
};

const required = (form: Readonly<Record<string, FormValue>>, name: string): string => {
  const value = text(form, name);
  if (!value) throw missingParam(name);
  return value;
};

const metadataOf = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};

const expandOf = (form: Readonly<Record<string, FormValue>>): string[] =>
  Array.isArray(form.expand) ? form.expand.filter((e): e is string => typeof e === 'string') : [];

export interface PortalSession {
  readonly customer: string;
  readonly returnUrl: string | null;
}

/** The part of Stripe's REST API the product calls, over the stand-in's state. */
export class LocalStripeApi {
  /** Billing-portal sessions: short-lived, as Stripe's, so kept in memory only. */
  private readonly portalSessions = new Map<string, PortalSession>();

  constructor(private readonly options: LocalStripeApiOptions) {}

  private get state() {
    return this.options.state;
  }

  private find(table: Record<string, StripeObject>, what: string, id: string | undefined) {
    const found = id ? table[id] : undefined;
    if (!found) throw noSuch(what, id ?? '');
    return found;
  }

  /** Stripe's idempotency: the same key and the same request answer the first answer again. */
  private once(request: StripeRequest, create: () => StripeObject): StripeObject {
    const key = request.idempotencyKey;
    if (!key) return create();
    const fingerprint = JSON.stringify(request.form);
    const earlier = this.state.idempotency[key];
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return earlier.answer;
    }
    const answer = create();
    this.state.idempotency[key] = { fingerprint, answer };
    return answer;
  }

  retrievePrice({ params }: StripeRequest): StripeObject {
    return this.find(this.state.prices, 'price', params.id);
  }

  createCustomer(request: StripeRequest): StripeObject {
    return this.once(request, () => {
      const customer: StripeObject = {
        id: newId('cus'),
        object: 'customer',
        email: text(request.form, 'email') ?? null,
        metadata: metadataOf(request.form.metadata),
        created: this.options.now(),
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
      this.state.customers[customer.id] = customer;
      this.options.changed();
      return customer;
    });
  }

  createCheckoutSession(request: StripeRequest): StripeObject {
    const { form } = request;
    if (required(form, 'mode') !== 'subscription') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Only mode=subscription is supported by the local stand-in.',
        undefined,
        'mode',
      );
    }
    const customer = this.find(this.state.customers, 'customer', required(form, 'customer'));
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    const item = items[0];
    const priceId =
      item && typeof item === 'object' && !Array.isArray(item) ? item.price : undefined;
    if (typeof priceId !== 'string') throw missingParam('line_items[0][price]');
    this.find(this.state.prices, 'price', priceId);
    const subscriptionData = form.subscription_data;
    const id = newId('cs_test');
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: text(form, 'client_reference_id') ?? null,
      subscription: null,
      success_url: required(form, 'success_url'),
      cancel_url: text(form, 'cancel_url') ?? null,
      url: `${this.options.origin}/checkout/${id}`,
      metadata: metadataOf(form.metadata),
      // Kept for the subscription the payment will create.
      line_items_price: priceId,
      subscription_metadata:
        subscriptionData && typeof subscriptionData === 'object' && !Array.isArray(subscriptionData)
          ? metadataOf(subscriptionData.metadata)
          : {},
      created: this.options.now(),
      expires_at: this.options.now() + 24 * 3600,
      livemode: false,
    };
    this.state.checkoutSessions[id] = session;
    this.options.changed();
    return session;
  }

  retrieveCheckoutSession({ params }: StripeRequest): StripeObject {
    return this.find(this.state.checkoutSessions, 'checkout.session', params.id);
  }

  private periodEnd(priceId: string, from: number): number {
    const price = this.find(this.state.prices, 'price', priceId);
    const interval = (price.recurring as { interval: string }).interval;
    const date = new Date(from * 1000);
    if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  /**
   * The hosted checkout page's payment: a test card that succeeds creates the subscription, its
   * paid first invoice and the payment method, and completes the session; any other outcome
   * changes nothing and answers why (the provider's message) or that authentication is needed.
   */
  pay(
    sessionId: string,
    cardNumber: string,
    { authenticated = false } = {},
  ):
    | { readonly ok: true; readonly session: StripeObject }
    | {
        readonly ok: false;
        readonly reason: 'declined' | 'authentication';
        readonly message: string;
      } {
    const session = this.find(this.state.checkoutSessions, 'checkout.session', sessionId);
    if (session.status !== 'open') return { ok: true, session };
    const card = testCardOf(cardNumber);
    if (!card) return { ok: false, reason: 'declined', message: 'Your card number is invalid.' };
    if (card.outcome.kind === 'declined') {
      return { ok: false, reason: 'declined', message: card.outcome.message };
    }
    if (card.outcome.kind === 'authentication' && !authenticated) {
      return { ok: false, reason: 'authentication', message: 'This payment needs authentication.' };
    }
    const now = this.options.now();
    const customerId = session.customer as string;
    const paymentMethod: StripeObject = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: 2034,
        number: cardNumber.replace(/\s+/g, ''),
      },
    };
    this.state.paymentMethods[paymentMethod.id] = paymentMethod;
    const priceId = session.line_items_price as string;
    const price = this.find(this.state.prices, 'price', priceId);
    const subscriptionId = newId('sub');
    const subscription: StripeObject = {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: now,
      metadata: session.subscription_metadata,
      default_payment_method: paymentMethod.id,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: now,
            current_period_end: this.periodEnd(priceId, now),
          },
        ],
      },
      livemode: false,
    };
    this.state.subscriptions[subscriptionId] = subscription;
    const firstInvoice = this.invoice(subscription, price.unit_amount as number, 'paid', now);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscriptionId,
    });
    this.options.changed();
    this.event('customer.subscription.created', subscription);
    this.event('invoice.paid', firstInvoice);
    this.event('checkout.session.completed', session);
    return { ok: true, session };
  }

  private event(type: string, object: StripeObject): void {
    this.options.emit?.(type, object);
  }

  private invoice(
    subscription: StripeObject,
    amount: number,
    status: 'paid' | 'open',
    now: number,
  ) {
    const id = newId('in');
    const count = Object.keys(this.state.invoices).length + 1;
    const invoice: StripeObject = {
      id,
      object: 'invoice',
      number: `LOCAL-${String(count).padStart(4, '0')}`,
      customer: subscription.customer,
      status,
      total: amount,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      created: now,
      invoice_pdf: `${this.options.origin}/invoices/${id}/pdf`,
      hosted_invoice_url: `${this.options.origin}/invoices/${id}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id },
      },
      livemode: false,
    };
    this.state.invoices[id] = invoice;
    return invoice;
  }

  private expanded(
    subscription: StripeObject,
    expand: readonly string[],
    prefix = '',
  ): StripeObject {
    if (!expand.includes(`${prefix}default_payment_method`)) return subscription;
    const pm = subscription.default_payment_method as string | null;
    const method = pm ? this.state.paymentMethods[pm] : undefined;
    if (!method) return subscription;
    const { number: _number, ...card } = method.card as Record<string, unknown>;
    return { ...subscription, default_payment_method: { ...method, card } };
  }

  retrieveSubscription({ params, form }: StripeRequest): StripeObject {
    const subscription = this.find(this.state.subscriptions, 'subscription', params.id);
    return this.expanded(subscription, expandOf(form));
  }

  listSubscriptions({ form }: StripeRequest): Record<string, unknown> {
    const customer = text(form, 'customer');
    const status = text(form, 'status');
    const limit = Number(text(form, 'limit') ?? 10);
    const data = Object.values(this.state.subscriptions)
      .filter((s) => !customer || s.customer === customer)
      .filter((s) =>
        status === 'all' ? true : status ? s.status === status : s.status !== 'canceled',
      )
      .sort((a, b) => (b.created as number) - (a.created as number))
      .slice(0, limit)
      .map((s) => this.expanded(s, expandOf(form), 'data.'));
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }

  /** cancel_at_period_end, or a new price on the item (prorated: an invoice for the difference). */
  updateSubscription({ params, form }: StripeRequest): StripeObject {
    const subscription = this.find(this.state.subscriptions, 'subscription', params.id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    let prorated: StripeObject | undefined;
    const cancel = text(form, 'cancel_at_period_end');
    if (cancel !== undefined) subscription.cancel_at_period_end = cancel === 'true';
    const items = Array.isArray(form.items) ? form.items : [];
    const change = items[0];
    if (change && typeof change === 'object' && !Array.isArray(change)) {
      const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
      if (change.id !== item.id) throw noSuch('subscription item', String(change.id));
      const price = this.find(this.state.prices, 'price', String(change.price));
      const now = this.options.now();
      const old = item.price as StripeObject;
      const start = item.current_period_start as number;
      const end = item.current_period_end as number;
      const unused = ((end - now) / Math.max(1, end - start)) * (old.unit_amount as number);
      Object.assign(item, {
        price,
        current_period_start: now,
        current_period_end: this.periodEnd(price.id, now),
      });
      // Stripe's default for an interval change: a new period starts now, charged at once,
      // less the unused time of the old one.
      prorated = this.invoice(
        subscription,
        Math.max(0, Math.round((price.unit_amount as number) - unused)),
        'paid',
        now,
      );
    }
    this.options.changed();
    this.event('customer.subscription.updated', subscription);
    if (prorated) this.event('invoice.paid', prorated);
    return this.expanded(subscription, expandOf(form));
  }

  cancelSubscription({ params }: StripeRequest): StripeObject {
    const subscription = this.find(this.state.subscriptions, 'subscription', params.id);
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: this.options.now(),
      ended_at: this.options.now(),
    });
    this.options.changed();
    this.event('customer.subscription.deleted', subscription);
    return subscription;
  }

  createPortalSession({ form }: StripeRequest): StripeObject {
    const customer = this.find(this.state.customers, 'customer', required(form, 'customer'));
    const id = newId('bps');
    const returnUrl = text(form, 'return_url') ?? null;
    // The session's own id in the url, never the customer's: the url is what lets one in.
    this.portalSessions.set(id, { customer: customer.id, returnUrl });
    return {
      id,
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: returnUrl,
      url: `${this.options.origin}/portal/${id}`,
      created: this.options.now(),
      livemode: false,
    };
  }

  /** The portal session a hosted portal page was opened with. */
  portalSession(id: string): PortalSession {
    const session = this.portalSessions.get(id);
    if (!session) throw noSuch('billing portal session', id);
    return session;
  }

  /** The card the customer's running subscription charges, as the portal shows it. */
  cardOf(customerId: string): { readonly brand: string; readonly last4: string } | undefined {
    const running = Object.values(this.state.subscriptions).find(
      (s) => s.customer === customerId && s.status !== 'canceled',
    );
    const pm = running?.default_payment_method as string | null | undefined;
    const card = pm ? this.state.paymentMethods[pm]?.card : undefined;
    return card ? (card as { brand: string; last4: string }) : undefined;
  }

  listInvoices({ form }: StripeRequest): Record<string, unknown> {
    const customer = text(form, 'customer');
    const limit = Number(text(form, 'limit') ?? 10);
    const data = Object.values(this.state.invoices)
      .filter((invoice) => !customer || invoice.customer === customer)
      .sort((a, b) => (b.created as number) - (a.created as number) || b.id.localeCompare(a.id))
      .slice(0, limit);
    return { object: 'list', data, has_more: false, url: '/v1/invoices' };
  }

  invoiceById(id: string): StripeObject {
    return this.find(this.state.invoices, 'invoice', id);
  }

  /**
   * The test clock: moves time on, and renews every subscription whose period ended meanwhile.
   * Cancelling at period end ends it; otherwise the default card is charged: paid → next period;
   * failed → past_due, retried after 3, 5 and 7 days (Smart Retries' shape), then canceled.
   */
  advanceClock(seconds: number): void {
    this.state.clockOffsetSeconds += seconds;
    const now = this.options.now();
    for (const subscription of Object.values(this.state.subscriptions)) {
      this.settle(subscription, now);
    }
    this.options.changed();
  }

  private settle(subscription: StripeObject, now: number): void {
    const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
    for (let guard = 0; guard < 100 && subscription.status !== 'canceled'; guard += 1) {
      const retry = subscription.next_payment_attempt as number | null | undefined;
      const periodEnd = item.current_period_end as number;
      if (subscription.status === 'past_due' && retry && retry <= now) {
        this.chargeRenewal(subscription, item, retry, true);
      } else if (subscription.status !== 'past_due' && periodEnd <= now) {
        if (subscription.cancel_at_period_end) {
          Object.assign(subscription, {
            status: 'canceled',
            canceled_at: periodEnd,
            ended_at: periodEnd,
          });
          this.event('customer.subscription.deleted', subscription);
        } else {
          const price = item.price as StripeObject;
          Object.assign(item, {
            current_period_start: periodEnd,
            current_period_end: this.periodEnd(price.id, periodEnd),
          });
          this.chargeRenewal(subscription, item, periodEnd, false);
        }
      } else {
        return;
      }
    }
  }

  private static readonly RETRY_DAYS = [3, 5, 7];

  private chargeRenewal(
    subscription: StripeObject,
    item: Record<string, unknown>,
    at: number,
    isRetry: boolean,
  ) {
    const pm = subscription.default_payment_method as string | null;
    const method = pm ? this.state.paymentMethods[pm] : undefined;
    const number = (method?.card as { number?: string } | undefined)?.number ?? '';
    const succeeds = testCardOf(number)?.outcome.kind === 'succeeds';
    const price = item.price as StripeObject;
    const invoice = isRetry
      ? this.state.invoices[subscription.latest_invoice as string]!
      : this.invoice(subscription, price.unit_amount as number, 'open', at);
    subscription.latest_invoice = invoice.id;
    if (succeeds) {
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.total });
      Object.assign(subscription, {
        status: 'active',
        next_payment_attempt: null,
        failed_attempts: 0,
      });
      this.event('invoice.paid', invoice);
    } else {
      const failed = ((subscription.failed_attempts as number | undefined) ?? 0) + 1;
      const days = LocalStripeApi.RETRY_DAYS[failed - 1];
      if (days === undefined) {
        Object.assign(invoice, { status: 'uncollectible' });
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: at,
          ended_at: at,
          next_payment_attempt: null,
        });
        this.event('invoice.payment_failed', invoice);
        this.event('customer.subscription.deleted', subscription);
        return;
      }
      Object.assign(subscription, {
        status: 'past_due',
        failed_attempts: failed,
        next_payment_attempt: at + days * 86_400,
      });
      this.event('invoice.payment_failed', invoice);
    }
    this.event('customer.subscription.updated', subscription);
  }

  /** A local control: the customer's default card for future charges (any test card). */
  setDefaultCard(customerId: string, number: string): void {
    this.find(this.state.customers, 'customer', customerId);
    const card = testCardOf(number);
    if (!card)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Not a test card number.',
        undefined,
        'number',
      );
    const method: StripeObject = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: 2034,
        number: number.replace(/\s+/g, ''),
      },
    };
    this.state.paymentMethods[method.id] = method;
    for (const subscription of Object.values(this.state.subscriptions)) {
      if (subscription.customer === customerId && subscription.status !== 'canceled') {
        subscription.default_payment_method = method.id;
        this.event('customer.subscription.updated', subscription);
      }
    }
    this.options.changed();
  }
}
