import type { FormValue } from './form-body';
import {
  checkCard,
  paysOffSession,
  testCardOf,
  type CardCheck,
  type CardExpiry,
  type TestCard,
} from './test-cards';
import { badParam, missingParam, noSuch, StripeApiError } from './stripe-error';
import { applyBalance, unusedTimeCredit } from './proration';
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
  /** Epoch seconds on the stand-in's clock (customers on a test clock have their own). */
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

const objectOf = (value: FormValue | undefined): Readonly<Record<string, FormValue>> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** A subscription's one item (the product sells one price per subscription). */
const itemOf = (subscription: StripeObject) =>
  (subscription.items as { data: Record<string, unknown>[] }).data[0]!;

/** A customer's balance (Stripe's sign: negative = credit); customers kept before it have none. */
const balanceOf = (customer: StripeObject): number =>
  typeof customer.balance === 'number' ? customer.balance : 0;

/** The part of Stripe's REST API the product calls, over the stand-in's state. */
export class LocalStripeApi {
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

  /** The test clock a customer lives on, if they were made on one. */
  private clockOf(customerId: unknown): StripeObject | undefined {
    const customer = typeof customerId === 'string' ? this.state.customers[customerId] : undefined;
    const clock = customer?.test_clock;
    return typeof clock === 'string' ? this.state.testClocks[clock] : undefined;
  }

  /** Now for a customer's objects: their test clock's frozen time, else the stand-in's clock. */
  private nowFor(customerId: unknown): number {
    const clock = this.clockOf(customerId);
    return clock ? (clock.frozen_time as number) : this.options.now();
  }

  retrievePrice({ params }: StripeRequest): StripeObject {
    return this.find(this.state.prices, 'price', params.id);
  }

  createCustomer(request: StripeRequest): StripeObject {
    return this.once(request, () => {
      const clockId = text(request.form, 'test_clock');
      const clock = clockId ? this.find(this.state.testClocks, 'test_clock', clockId) : undefined;
      const customer: StripeObject = {
        id: newId('cus'),
        object: 'customer',
        email: text(request.form, 'email') ?? null,
        name: text(request.form, 'name') ?? null,
        metadata: metadataOf(request.form.metadata),
        created: clock ? (clock.frozen_time as number) : this.options.now(),
        invoice_settings: { default_payment_method: null },
        balance: 0,
        test_clock: clock?.id ?? null,
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
      created: this.nowFor(customer.id),
      expires_at: this.nowFor(customer.id) + 24 * 3600,
      livemode: false,
    };
    this.state.checkoutSessions[id] = session;
    this.options.changed();
    return session;
  }

  retrieveCheckoutSession({ params }: StripeRequest): StripeObject {
    return this.lapse(this.find(this.state.checkoutSessions, 'checkout.session', params.id));
  }

  /** A customer's sessions, newest first (Stripe's list; `customer` and `limit` only). */
  listCheckoutSessions({ form }: StripeRequest): Record<string, unknown> {
    const customer = text(form, 'customer');
    const limit = Number(text(form, 'limit') ?? 10);
    const data = Object.values(this.state.checkoutSessions)
      .filter((session) => !customer || session.customer === customer)
      .reverse()
      .slice(0, limit)
      .map((session) => this.lapse(session));
    return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' };
  }

  /** Stripe expires an open session at its expires_at (on its customer's clock). */
  private lapse(session: StripeObject): StripeObject {
    if (
      session.status === 'open' &&
      this.nowFor(session.customer) >= (session.expires_at as number)
    ) {
      session.status = 'expired';
      this.options.changed();
      this.event('checkout.session.expired', session);
    }
    return session;
  }

  /** Stripe's expire call: only an open session can be expired, and then it cannot be paid. */
  expireCheckoutSession({ params }: StripeRequest): StripeObject {
    const session = this.lapse(
      this.find(this.state.checkoutSessions, 'checkout.session', params.id),
    );
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      );
    }
    session.status = 'expired';
    this.options.changed();
    this.event('checkout.session.expired', session);
    return session;
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
    { authenticated = false, expiry }: { authenticated?: boolean; expiry: string },
  ): { readonly ok: true; readonly session: StripeObject } | Extract<CardCheck, { ok: false }> {
    const session = this.lapse(
      this.find(this.state.checkoutSessions, 'checkout.session', sessionId),
    );
    if (session.status !== 'open') return { ok: true, session };
    const customerId = session.customer as string;
    const now = this.nowFor(customerId);
    const checked = checkCard(cardNumber, {
      use: 'charge',
      authenticated,
      expiry: { text: expiry, now: new Date(now * 1000) },
    });
    if (!checked.ok) return checked;
    const paymentMethod = this.savedCard(customerId, checked.card, cardNumber, checked.expiry);
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
    const firstInvoice = this.invoice(subscription, [this.planLine(subscription, now)], now);
    this.collected(firstInvoice);
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

  /** A card payment method of the customer (the number kept, so later charges know the card). */
  private savedCard(
    customerId: string,
    card: TestCard,
    number: string,
    expiry: CardExpiry = { month: 12, year: 2034 },
  ): StripeObject {
    const method: StripeObject = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: expiry.month,
        exp_year: expiry.year,
        number: number.replace(/\s+/g, ''),
      },
    };
    this.state.paymentMethods[method.id] = method;
    return method;
  }

  private event(type: string, object: StripeObject): void {
    this.options.emit?.(type, object);
  }

  /** A line billing the subscription's price for its period from `from`. */
  private planLine(subscription: StripeObject, from: number): StripeObject {
    const item = itemOf(subscription);
    const price = item.price as StripeObject;
    return this.line(subscription, price.unit_amount as number, {
      description: `1 × ${String(price.nickname ?? price.id)}`,
      proration: false,
      period: { start: from, end: this.periodEnd(price.id, from) },
    });
  }

  private line(
    subscription: StripeObject,
    amount: number,
    details: { description: string; proration: boolean; period: { start: number; end: number } },
  ): StripeObject {
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: 'usd',
      description: details.description,
      period: details.period,
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: {
          subscription: subscription.id,
          subscription_item: itemOf(subscription).id,
          invoice_item: null,
          proration: details.proration,
          proration_details: null,
        },
      },
    };
  }

  /**
   * An invoice of `lines` as Stripe finalises it, not yet kept: the customer's balance pays what
   * it can (or takes a negative total as credit), and the card owes the amount due.
   */
  private draftInvoice(
    subscription: StripeObject,
    lines: readonly StripeObject[],
    now: number,
    id: string,
  ): StripeObject {
    const customer = this.find(this.state.customers, 'customer', subscription.customer as string);
    const total = lines.reduce((sum, line) => sum + (line.amount as number), 0);
    const startingBalance = balanceOf(customer);
    const { amountDue, endingBalance } = applyBalance(total, startingBalance);
    return {
      id,
      object: 'invoice',
      number: null,
      customer: subscription.customer,
      status: 'draft',
      subtotal: total,
      total,
      amount_due: amountDue,
      amount_paid: 0,
      amount_remaining: amountDue,
      starting_balance: startingBalance,
      ending_balance: endingBalance,
      // Stripe's count of payment attempts (markPaid counts the one that pays at once).
      attempt_count: 0,
      currency: 'usd',
      created: now,
      lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      livemode: false,
    };
  }

  /** The invoice finalised and kept (open until paid): the customer's balance is what it left. */
  private invoice(subscription: StripeObject, lines: readonly StripeObject[], now: number) {
    const id = newId('in');
    const count = Object.keys(this.state.invoices).length + 1;
    const invoice: StripeObject = {
      ...this.draftInvoice(subscription, lines, now, id),
      number: `LOCAL-${String(count).padStart(4, '0')}`,
      status: 'open',
      invoice_pdf: `${this.options.origin}/invoices/${id}/pdf`,
      hosted_invoice_url: `${this.options.origin}/invoices/${id}`,
    };
    const customer = this.find(this.state.customers, 'customer', subscription.customer as string);
    customer.balance = invoice.ending_balance;
    this.state.invoices[id] = invoice;
    subscription.latest_invoice = id;
    return invoice;
  }

  /** The invoice paid: its amount due by the card (a payment), or nothing due at all. */
  private collected(invoice: StripeObject): void {
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      // Paid at once (a checkout, a switch) is paid on the first attempt.
      attempt_count: Math.max(1, (invoice.attempt_count as number | undefined) ?? 0),
    });
    if ((invoice.amount_paid as number) > 0) this.recordPayment(invoice);
  }

  /**
   * The invoice's payment as Stripe lists it (invoice.payments, when expanded): a PaymentIntent a
   * refund can name.
   */
  private recordPayment(invoice: StripeObject): void {
    invoice.payments = {
      object: 'list',
      data: [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          invoice: invoice.id,
          amount_paid: invoice.amount_paid,
          currency: invoice.currency,
          is_default: true,
          status: 'paid',
          payment: { type: 'payment_intent', payment_intent: newId('pi') },
        },
      ],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${invoice.id}`,
    };
  }

  /** Stripe includes an invoice's payments only when asked (expand[]=payments). */
  private invoiceAsAnswered(invoice: StripeObject, expand: readonly string[]): StripeObject {
    if (expand.includes('payments')) return invoice;
    const { payments: _payments, ...rest } = invoice;
    return rest as StripeObject;
  }

  retrieveInvoice({ params, form }: StripeRequest): StripeObject {
    return this.invoiceAsAnswered(
      this.find(this.state.invoices, 'invoice', params.id),
      expandOf(form),
    );
  }

  /** A refund of a paid invoice's PaymentIntent, whole or `amount`; never more than was paid. */
  createRefund(request: StripeRequest): StripeObject {
    return this.once(request, () => {
      const { form } = request;
      const intent = required(form, 'payment_intent');
      const invoice = Object.values(this.state.invoices).find((i) =>
        (
          (i.payments as { data?: { payment: { payment_intent?: string } }[] } | undefined)?.data ??
          []
        ).some((p) => p.payment.payment_intent === intent),
      );
      if (!invoice) throw noSuch('payment_intent', intent);
      const paid = invoice.amount_paid as number;
      const refunded = Object.values(this.state.refunds)
        .filter((r) => r.payment_intent === intent)
        .reduce((sum, r) => sum + (r.amount as number), 0);
      const amount = form.amount === undefined ? paid - refunded : Number(text(form, 'amount'));
      if (refunded >= paid) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Charge for PaymentIntent ${intent} has already been refunded.`,
          'charge_already_refunded',
        );
      }
      if (!(amount > 0) || amount > paid - refunded) {
        throw badParam('amount', 'Refund amount is greater than the unrefunded amount.');
      }
      const refund: StripeObject = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: invoice.currency,
        payment_intent: intent,
        reason: text(form, 'reason') ?? null,
        metadata: metadataOf(form.metadata),
        status: 'succeeded',
        created: this.nowFor(invoice.customer),
      };
      this.state.refunds[refund.id] = refund;
      this.options.changed();
      return refund;
    });
  }

  private expanded(
    subscription: StripeObject,
    expand: readonly string[],
    prefix = '',
  ): StripeObject {
    let answer = subscription;
    if (expand.includes(`${prefix}customer`)) {
      const customer = this.state.customers[subscription.customer as string];
      if (customer) answer = { ...answer, customer: { ...customer, balance: balanceOf(customer) } };
    }
    if (!expand.includes(`${prefix}default_payment_method`)) return answer;
    const pm = subscription.default_payment_method as string | null;
    const method = pm ? this.state.paymentMethods[pm] : undefined;
    if (!method) return answer;
    const { number: _number, ...card } = method.card as Record<string, unknown>;
    return { ...answer, default_payment_method: { ...method, card } };
  }

  retrieveSubscription({ params, form }: StripeRequest): StripeObject {
    const subscription = this.find(this.state.subscriptions, 'subscription', params.id);
    return this.expanded(subscription, expandOf(form));
  }

  listSubscriptions({ form }: StripeRequest): Record<string, unknown> {
    const customer = text(form, 'customer');
    const status = text(form, 'status');
    const limit = Number(text(form, 'limit') ?? 10);
    // Newest first, as Stripe lists them (created is in seconds: a tie keeps the later one first).
    const data = Object.values(this.state.subscriptions)
      .reverse()
      .filter((s) => !customer || s.customer === customer)
      .filter((s) =>
        status === 'all' ? true : status ? s.status === status : s.status !== 'canceled',
      )
      .sort((a, b) => (b.created as number) - (a.created as number))
      .slice(0, limit)
      .map((s) => this.expanded(s, expandOf(form), 'data.'));
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }

  /**
   * A switch of the subscription's price at `at` (Stripe's proration_date; now by default), as
   * Stripe bills an interval change: a new period starts now at the new price, less the unused
   * time of the old one (none with proration_behavior=none). The lines, and the new period.
   */
  private switchLines(
    subscription: StripeObject,
    change: Readonly<Record<string, FormValue>>,
    options: { at: string | undefined; behavior: string | undefined; param: string },
  ): { lines: StripeObject[]; price: StripeObject; now: number } {
    const item = itemOf(subscription);
    if (change.id !== item.id) throw noSuch('subscription item', String(change.id));
    const price = this.find(this.state.prices, 'price', String(change.price));
    const now = this.nowFor(subscription.customer);
    const start = item.current_period_start as number;
    const end = item.current_period_end as number;
    const at = options.at === undefined ? now : Number(options.at);
    // Stripe checks a proration date it is given; its own now needs no check.
    if (options.at !== undefined && (!Number.isInteger(at) || at < start || at > end)) {
      throw badParam(
        options.param,
        'The proration date must be within the current subscription period.',
      );
    }
    const old = item.price as StripeObject;
    const credit =
      options.behavior === 'none' ? 0 : unusedTimeCredit(old.unit_amount as number, start, end, at);
    const lines = [
      ...(credit > 0
        ? [
            this.line(subscription, -credit, {
              description: `Unused time on 1 × ${String(old.nickname ?? old.id)}`,
              proration: true,
              period: { start: at, end },
            }),
          ]
        : []),
      this.line(subscription, price.unit_amount as number, {
        description: `1 × ${String(price.nickname ?? price.id)}`,
        proration: false,
        period: { start: now, end: this.periodEnd(price.id, now) },
      }),
    ];
    return { lines, price, now };
  }

  /**
   * POST /v1/invoices/create_preview: the invoice a switch of the subscription's price would make
   * now, with its prorations and the customer's balance applied; nothing is kept or changed.
   */
  createPreview({ form }: StripeRequest): StripeObject {
    const subscription = this.find(
      this.state.subscriptions,
      'subscription',
      required(form, 'subscription'),
    );
    const customer = text(form, 'customer');
    if (customer && customer !== subscription.customer) {
      throw badParam('customer', 'The subscription does not belong to this customer.');
    }
    const details = objectOf(form.subscription_details);
    const items = Array.isArray(details.items) ? details.items : [];
    const change = objectOf(items[0]);
    if (!change.price) throw missingParam('subscription_details[items][0][price]');
    const behavior =
      typeof details.proration_behavior === 'string' ? details.proration_behavior : undefined;
    const at = typeof details.proration_date === 'string' ? details.proration_date : undefined;
    const { lines, now } = this.switchLines(subscription, change, {
      at,
      behavior,
      param: 'subscription_details[proration_date]',
    });
    const preview = this.draftInvoice(subscription, lines, now, newId('upcoming_in'));
    return {
      ...preview,
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: subscription.id,
          metadata: subscription.metadata,
          subscription_proration_date: at === undefined ? now : Number(at),
        },
      },
    };
  }

  /**
   * cancel_at_period_end, or a new price on the item: prorated (proration_date, as the preview
   * showed it), invoiced and paid at once, the customer's balance applied.
   */
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
    const items = Array.isArray(form.items) ? form.items : [];
    const change = items[0];
    // Checked before anything changes: a refused request changes nothing.
    const switched =
      change && typeof change === 'object' && !Array.isArray(change)
        ? this.switchLines(subscription, change, {
            at: text(form, 'proration_date'),
            behavior: text(form, 'proration_behavior'),
            param: 'proration_date',
          })
        : undefined;
    const cancel = text(form, 'cancel_at_period_end');
    if (cancel !== undefined) subscription.cancel_at_period_end = cancel === 'true';
    if (switched) {
      const { price, now, lines } = switched;
      Object.assign(itemOf(subscription), {
        price,
        current_period_start: now,
        current_period_end: this.periodEnd(price.id, now),
      });
      prorated = this.invoice(subscription, lines, now);
      this.collected(prorated);
    }
    this.options.changed();
    this.event('customer.subscription.updated', subscription);
    if (prorated) this.event('invoice.paid', prorated);
    return this.expanded(subscription, expandOf(form));
  }

  cancelSubscription({ params }: StripeRequest): StripeObject {
    const subscription = this.find(this.state.subscriptions, 'subscription', params.id);
    const now = this.nowFor(subscription.customer);
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
    this.options.changed();
    this.event('customer.subscription.deleted', subscription);
    return subscription;
  }

  /**
   * A portal session: its url names the session (an unguessable `bps_` id), never the customer,
   * so only whoever holds the url reaches that customer's billing.
   */
  createPortalSession({ form }: StripeRequest): StripeObject {
    const customer = this.find(this.state.customers, 'customer', required(form, 'customer'));
    const returnUrl = text(form, 'return_url') ?? null;
    // Stripe takes only http(s) urls here; a javascript: url would run in the portal's link.
    const protocol = returnUrl !== null && URL.canParse(returnUrl) && new URL(returnUrl).protocol;
    if (returnUrl !== null && protocol !== 'http:' && protocol !== 'https:') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Not a valid URL',
        'url_invalid',
        'return_url',
      );
    }
    const id = newId('bps');
    const session: StripeObject = {
      id,
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: returnUrl,
      url: `${this.options.origin}/portal/${id}`,
      created: this.nowFor(customer.id),
      livemode: false,
    };
    this.state.portalSessions[id] = session;
    this.options.changed();
    return session;
  }

  /**
   * The portal session a visit names, while it lasts: Stripe's sessions are short-lived and
   * expire if the url is not visited; here 5 minutes unvisited, then an hour from the first visit
   * (on the stand-in's clock, so a test can see it happen). Undefined when unknown or expired.
   */
  visitPortalSession(id: string): StripeObject | undefined {
    const session = this.state.portalSessions[id];
    if (!session) return undefined;
    const now = this.nowFor(session.customer);
    const visited = session.visited_at as number | undefined;
    const expiresAt = visited === undefined ? (session.created as number) + 300 : visited + 3600;
    if (now >= expiresAt) return undefined;
    if (visited === undefined) {
      session.visited_at = now;
      this.options.changed();
    }
    return session;
  }

  listInvoices({ form }: StripeRequest): Record<string, unknown> {
    const customer = text(form, 'customer');
    const limit = Number(text(form, 'limit') ?? 10);
    // Newest first; of two made at the same second, the later made first (as Stripe lists them).
    const data = Object.values(this.state.invoices)
      .filter((invoice) => !customer || invoice.customer === customer)
      .reverse()
      .sort((a, b) => (b.created as number) - (a.created as number))
      .slice(0, limit)
      .map((invoice) => this.invoiceAsAnswered(invoice, []));
    return { object: 'list', data, has_more: false, url: '/v1/invoices' };
  }

  /** A customer, with their balance (negative = credit the next invoices use up). */
  retrieveCustomer({ params }: StripeRequest): StripeObject {
    const customer = this.find(this.state.customers, 'customer', params.id);
    return { ...customer, balance: balanceOf(customer) };
  }

  customerById(id: string): StripeObject {
    return this.find(this.state.customers, 'customer', id);
  }

  /** The customer's subscription by id; undefined when unknown or someone else's. */
  customerSubscription(customerId: string, id: string): StripeObject | undefined {
    const subscription = this.state.subscriptions[id];
    return subscription?.customer === customerId ? subscription : undefined;
  }

  invoiceById(id: string): StripeObject {
    return this.find(this.state.invoices, 'invoice', id);
  }

  /**
   * The stand-in's clock: moves time on for every customer not on a test clock, and renews each
   * of their subscriptions whose period ended meanwhile. Cancelling at period end ends it;
   * otherwise the default card is charged: paid → next period; failed → past_due, retried after
   * 3, 5 and 7 days (Smart Retries' shape), then canceled.
   */
  advanceClock(seconds: number): void {
    this.state.clockOffsetSeconds += seconds;
    const now = this.options.now();
    for (const subscription of Object.values(this.state.subscriptions)) {
      if (!this.clockOf(subscription.customer)) this.settle(subscription, now);
    }
    this.options.changed();
  }

  /** POST /v1/test_helpers/test_clocks: a clock frozen at `frozen_time` (epoch seconds). */
  createTestClock({ form }: StripeRequest): StripeObject {
    const frozenTime = Number(required(form, 'frozen_time'));
    if (!Number.isInteger(frozenTime)) throw badParam('frozen_time', 'Invalid integer');
    const clock: StripeObject = {
      id: newId('clock'),
      object: 'test_helpers.test_clock',
      created: this.options.now(),
      frozen_time: frozenTime,
      name: text(form, 'name') ?? null,
      status: 'ready',
      livemode: false,
    };
    this.state.testClocks[clock.id] = clock;
    this.options.changed();
    return clock;
  }

  retrieveTestClock({ params }: StripeRequest): StripeObject {
    return this.find(this.state.testClocks, 'test_clock', params.id);
  }

  /**
   * POST /v1/test_helpers/test_clocks/{id}/advance: the clock's customers live to `frozen_time`,
   * their subscriptions renewing, failing and ending on the way as on the stand-in's clock. Stripe
   * advances in the background (status "advancing"); the stand-in is done when it answers.
   */
  advanceTestClock({ params, form }: StripeRequest): StripeObject {
    const clock = this.find(this.state.testClocks, 'test_clock', params.id);
    const frozenTime = Number(required(form, 'frozen_time'));
    if (!Number.isInteger(frozenTime) || frozenTime <= (clock.frozen_time as number)) {
      throw badParam('frozen_time', 'The frozen_time must be after the current frozen_time.');
    }
    clock.frozen_time = frozenTime;
    for (const subscription of Object.values(this.state.subscriptions)) {
      if (this.clockOf(subscription.customer)?.id === clock.id)
        this.settle(subscription, frozenTime);
    }
    this.options.changed();
    return clock;
  }

  /**
   * A local control: moves one customer's time on by `seconds`, apart from everyone else's (a
   * developer's or a test's renewal that no other user of the stand-in sees). The customer is put
   * on a test clock of their own, at their present time, the first time.
   */
  advanceCustomerClock(customerId: string, seconds: number): StripeObject {
    const customer = this.find(this.state.customers, 'customer', customerId);
    let clock = this.clockOf(customerId);
    if (!clock) {
      clock = this.createTestClock({
        params: {},
        form: { frozen_time: String(this.options.now()), name: `customer ${customerId}` },
        idempotencyKey: undefined,
      });
      customer.test_clock = clock.id;
    }
    return this.advanceTestClock({
      params: { id: clock.id },
      form: { frozen_time: String((clock.frozen_time as number) + Math.max(1, seconds)) },
      idempotencyKey: undefined,
    });
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
    const invoice = isRetry
      ? this.state.invoices[subscription.latest_invoice as string]!
      : this.invoice(
          subscription,
          [this.planLine(subscription, item.current_period_start as number)],
          at,
        );
    subscription.latest_invoice = invoice.id;
    // Credit that pays the whole renewal leaves nothing for the card to decline.
    const succeeds = invoice.amount_due === 0 || paysOffSession(this.defaultCardOf(subscription));
    // Each automatic attempt counts (a manual one from the portal does not, as in Stripe).
    invoice.attempt_count = ((invoice.attempt_count as number | undefined) ?? 0) + 1;
    if (succeeds) {
      this.markPaid(subscription, invoice);
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

  private defaultCardOf(subscription: StripeObject): TestCard | undefined {
    const pm = subscription.default_payment_method as string | null;
    const method = pm ? this.state.paymentMethods[pm] : undefined;
    return testCardOf((method?.card as { number?: string } | undefined)?.number ?? '');
  }

  /** A payment that settles the open invoice: the subscription is active again. */
  private markPaid(subscription: StripeObject, invoice: StripeObject): void {
    this.collected(invoice);
    Object.assign(subscription, {
      status: 'active',
      next_payment_attempt: null,
      failed_attempts: 0,
    });
    this.event('invoice.paid', invoice);
  }

  /** The card becomes the customer's default, and that of their subscriptions still running. */
  private makeDefault(customerId: string, card: TestCard, number: string): void {
    const customer = this.find(this.state.customers, 'customer', customerId);
    const method = this.savedCard(customerId, card, number);
    customer.invoice_settings = { default_payment_method: method.id };
    for (const subscription of Object.values(this.state.subscriptions)) {
      if (subscription.customer === customerId && subscription.status !== 'canceled') {
        subscription.default_payment_method = method.id;
        this.event('customer.subscription.updated', subscription);
      }
    }
  }

  /** A local control: the customer's default card for future charges (any test card). */
  setDefaultCard(customerId: string, number: string): void {
    const card = testCardOf(number);
    if (!card)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Not a test card number.',
        undefined,
        'number',
      );
    this.makeDefault(customerId, card, number);
    this.options.changed();
  }

  /**
   * The portal's card update, as Stripe's: the card is set up (a declined one changes nothing and
   * answers the provider's message), becomes the default, and a past_due subscription's open
   * invoice is retried at once with it. A failed retry keeps the card and Smart Retries' schedule,
   * and answers why the payment failed.
   */
  updateCard(
    customerId: string,
    number: string,
    { authenticated = false } = {},
  ): { readonly ok: true; readonly paymentError?: string } | Extract<CardCheck, { ok: false }> {
    const checked = checkCard(number, { use: 'setup', authenticated });
    if (!checked.ok) return checked;
    this.makeDefault(customerId, checked.card, number);
    let paymentError: string | undefined;
    for (const subscription of Object.values(this.state.subscriptions)) {
      const invoice = this.state.invoices[subscription.latest_invoice as string];
      if (
        subscription.customer !== customerId ||
        subscription.status !== 'past_due' ||
        invoice?.status !== 'open'
      ) {
        continue;
      }
      if (paysOffSession(checked.card)) {
        this.markPaid(subscription, invoice);
        this.event('customer.subscription.updated', subscription);
      } else {
        this.event('invoice.payment_failed', invoice);
        const outcome = checked.card.outcome;
        paymentError = outcome.kind === 'declined' ? outcome.message : 'Your card was declined.';
      }
    }
    this.options.changed();
    return paymentError ? { ok: true, paymentError } : { ok: true };
  }
}
