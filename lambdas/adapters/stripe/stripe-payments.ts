import type Stripe from 'stripe';
import * as z from 'zod';
import { hasEnded, type SubscriptionStatus } from '../../../core/subscription';
import {
  MalformedWebhookError,
  PaymentDeclinedError,
  UnverifiedWebhookError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderRefund,
  type ProviderSubscription,
  type ProviderSwitchPreview,
} from '../../ports/payments';

/** How old a webhook's signature may be (Stripe's own default: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripePaymentsOptions {
  /**
   * The client (Stripe in AWS; the local stand-in through host, port and protocol), or how to make
   * it once its API key has been loaded.
   */
  readonly stripe: Stripe | (() => Promise<Stripe>);
  /** The webhook endpoint's signing secret (only the webhook function verifies events). */
  readonly webhookSecret?: () => Promise<string>;
}

type Expandable<T extends { id: string }> = string | T | null | undefined;
const idOf = <T extends { id: string }>(value: Expandable<T>): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

const seconds = (epochSeconds: number) => new Date(epochSeconds * 1000);

function normalise(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
  const paymentMethod = subscription.default_payment_method;
  const customer = subscription.customer;
  const card =
    paymentMethod && typeof paymentMethod !== 'string' && paymentMethod.card
      ? { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 }
      : null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status as SubscriptionStatus,
    priceId: item.price.id,
    itemId: item.id,
    money: { amount: item.price.unit_amount ?? 0, currency: item.price.currency },
    interval: item.price.recurring?.interval === 'year' ? 'year' : 'month',
    // Since the 2025 API versions the period lives on the item.
    currentPeriodEnd: seconds(item.current_period_end),
    created: seconds(subscription.created),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    card,
    sub: subscription.metadata?.sub || undefined,
    balance: typeof customer === 'object' && !customer.deleted ? customer.balance : 0,
  };
}

/** The proration a preview (or an invoice) shows, from its lines. */
function previewOf(invoice: Stripe.Invoice): ProviderSwitchPreview {
  let newPrice = 0;
  let prorationCredit = 0;
  for (const line of invoice.lines.data) {
    const details =
      line.parent?.subscription_item_details ?? line.parent?.invoice_item_details ?? undefined;
    if (details?.proration && line.amount < 0) prorationCredit -= line.amount;
    else newPrice += line.amount;
  }
  const prorationDate = invoice.parent?.subscription_details?.subscription_proration_date;
  if (prorationDate === undefined) throw new Error('The preview names no proration date');
  return {
    prorationDate,
    currency: invoice.currency,
    newPrice,
    prorationCredit,
    total: invoice.total,
    amountDue: invoice.amount_due,
    startingBalance: invoice.starting_balance,
    endingBalance: invoice.ending_balance ?? invoice.starting_balance + invoice.total,
  };
}

/**
 * What the webhook reads of an event: Stripe's envelope with an object that is one (an id and a
 * kind). Anything else a valid signature came with is not something a retry would make readable.
 */
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number(),
  data: z.object({
    object: z.looseObject({ id: z.string().min(1), object: z.string().min(1) }),
  }),
});

/** The id and type of a body that names them, for the record of a malformed event. */
const namesOf = (value: unknown): { id?: string; type?: string } => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const { id, type } = value as { id?: unknown; type?: unknown };
  return {
    ...(typeof id === 'string' && id && { id }),
    ...(typeof type === 'string' && type && { type }),
  };
};

/** The subscription an event's object concerns, wherever this kind of object names it. */
function subscriptionOf(object: Stripe.Event.Data.Object): string | undefined {
  const value = object as {
    object?: string;
    id?: string;
    subscription?: Expandable<Stripe.Subscription>;
    parent?: { subscription_details?: { subscription?: Expandable<Stripe.Subscription> } | null };
  };
  if (value.object === 'subscription') return value.id;
  return idOf(value.subscription) ?? idOf(value.parent?.subscription_details?.subscription);
}

/**
 * One of Stripe's errors, known by the class name stripe-node writes in its `type`: checked so,
 * this module leaves the Stripe client out of the cold start (it is imported on first use).
 */
const isStripeError = (
  error: unknown,
  type: 'StripeInvalidRequestError' | 'StripeSignatureVerificationError' | 'StripeCardError',
): error is Stripe.errors.StripeError =>
  error instanceof Error && (error as { type?: unknown }).type === type;

const isNotFound = (error: unknown) =>
  isStripeError(error, 'StripeInvalidRequestError') && error.statusCode === 404;

/** The one payment adapter: the real `stripe` client, whichever server it talks to. */
export class StripePayments implements PaymentProvider {
  private client: Promise<Stripe> | undefined;

  constructor(private readonly options: StripePaymentsOptions) {}

  /** The client, made on first use (a failed key load is tried again on the next call). */
  private stripe(): Promise<Stripe> {
    const { stripe } = this.options;
    this.client ??= (typeof stripe === 'function' ? stripe() : Promise.resolve(stripe)).catch(
      (error: unknown) => {
        this.client = undefined;
        throw error;
      },
    );
    return this.client;
  }

  async prices(ids: readonly string[]): Promise<ProviderPrice[]> {
    return Promise.all(
      ids.map(async (id) => {
        const price = await (await this.stripe()).prices.retrieve(id);
        return {
          id: price.id,
          money: { amount: price.unit_amount ?? 0, currency: price.currency },
          interval: price.recurring?.interval === 'year' ? 'year' : 'month',
        } satisfies ProviderPrice;
      }),
    );
  }

  async createCustomer({ sub, email }: { sub: string; email: string }): Promise<string> {
    // The key makes a retried or concurrent first checkout answer the same customer.
    const customer = await (
      await this.stripe()
    ).customers.create({ email, metadata: { sub } }, { idempotencyKey: `customer-${sub}` });
    return customer.id;
  }

  async createCheckoutSession(input: {
    customerId: string;
    sub: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string; expiresAt: Date }> {
    const session = await (
      await this.stripe()
    ).checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.sub,
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata: { sub: input.sub },
      subscription_data: { metadata: { sub: input.sub } },
    });
    if (!session.url) throw new Error(`Checkout session ${session.id} has no url`);
    return { id: session.id, url: session.url, expiresAt: seconds(session.expires_at) };
  }

  async checkoutSession(id: string) {
    try {
      const session = await (await this.stripe()).checkout.sessions.retrieve(id);
      return {
        id: session.id,
        sub: session.client_reference_id ?? undefined,
        customerId: idOf(session.customer),
        // A status Stripe adds later is not one to send a payer to.
        status:
          session.status === 'complete'
            ? ('complete' as const)
            : session.status === 'open'
              ? ('open' as const)
              : ('expired' as const),
        complete: session.status === 'complete',
        paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
        subscriptionId: idOf(session.subscription),
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async expireCheckoutSession(id: string): Promise<void> {
    const stripe = await this.stripe();
    try {
      await stripe.checkout.sessions.expire(id);
    } catch (error) {
      // Stripe refuses to expire a session that is not open: paid or expired meanwhile is fine.
      if (!isStripeError(error, 'StripeInvalidRequestError')) throw error;
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === 'open') throw error;
    }
  }

  async subscription(id: string): Promise<ProviderSubscription | undefined> {
    try {
      const subscription = await (
        await this.stripe()
      ).subscriptions.retrieve(id, {
        // The customer for its credit balance, shown with the subscription.
        expand: ['default_payment_method', 'customer'],
      });
      return normalise(subscription);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async latestSubscription(customerId: string): Promise<ProviderSubscription | undefined> {
    const data = await this.subscriptionsOf(customerId);
    // Stripe lists the newest first.
    const latest = data.find((s) => !hasEnded(s.status as SubscriptionStatus)) ?? data[0];
    return latest && normalise(latest);
  }

  async runningSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const data = await this.subscriptionsOf(customerId);
    return data.filter((s) => !hasEnded(s.status as SubscriptionStatus)).map(normalise);
  }

  /** The customer's last ten subscriptions, newest first, with their payment methods. */
  private async subscriptionsOf(customerId: string) {
    const { data } = await (
      await this.stripe()
    ).subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 10,
      expand: ['data.default_payment_method', 'data.customer'],
    });
    return data;
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    const stripe = await this.stripe();
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    // Stripe refuses to cancel a canceled subscription; a retry finds it so and is done.
    if (current.status === 'canceled') return;
    await stripe.subscriptions.cancel(subscriptionId, undefined, {
      idempotencyKey: `cancel-${subscriptionId}`,
    });
  }

  async refundLatestPayment(
    subscriptionId: string,
    idempotencyKey: string,
  ): Promise<ProviderRefund | undefined> {
    const stripe = await this.stripe();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const invoiceId = idOf(subscription.latest_invoice);
    if (!invoiceId) return undefined;
    // Since the 2025 API versions an invoice names its PaymentIntent only in its payments.
    const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
    const payment =
      invoice.payments?.data.find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
    const intent = idOf(payment?.payment.payment_intent);
    if (!intent) return undefined;
    const refund = await stripe.refunds.create(
      {
        payment_intent: intent,
        reason: 'duplicate',
        metadata: { subscription: subscriptionId },
      },
      { idempotencyKey },
    );
    return { id: refund.id, money: { amount: refund.amount, currency: refund.currency } };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await (
      await this.stripe()
    ).subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  async previewChange(
    subscription: ProviderSubscription,
    priceId: string,
    prorationDate?: number,
  ): Promise<ProviderSwitchPreview> {
    const preview = await (
      await this.stripe()
    ).invoices.createPreview({
      customer: subscription.customerId,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.itemId, price: priceId }],
        proration_behavior: 'always_invoice',
        ...(prorationDate !== undefined && { proration_date: prorationDate }),
      },
    });
    return previewOf(preview);
  }

  async changePrice(
    subscription: ProviderSubscription,
    priceId: string,
    prorationDate?: number,
  ): Promise<void> {
    await (
      await this.stripe()
    ).subscriptions.update(subscription.id, {
      items: [{ id: subscription.itemId, price: priceId }],
      // Invoiced and paid now, as the preview showed it: a credit beyond the charge goes to the
      // customer's balance, which Stripe takes off the next invoices.
      proration_behavior: 'always_invoice',
      ...(prorationDate !== undefined && { proration_date: prorationDate }),
    });
  }

  async portalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await (
      await this.stripe()
    ).billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  async invoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
    const { data } = await (await this.stripe()).invoices.list({ customer: customerId, limit });
    return data.map((invoice) => ({
      id: invoice.id ?? '',
      number: invoice.number ?? null,
      status: invoice.status ?? 'draft',
      total: { amount: invoice.total, currency: invoice.currency },
      amountPaid: { amount: invoice.amount_paid, currency: invoice.currency },
      startingBalance: invoice.starting_balance,
      endingBalance: invoice.ending_balance ?? invoice.starting_balance,
      created: seconds(invoice.created),
      pdfUrl: invoice.invoice_pdf ?? null,
      hostedUrl: invoice.hosted_invoice_url ?? null,
    }));
  }

  async verifyEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    const secret = this.options.webhookSecret;
    if (!secret) throw new Error('No webhook signing secret configured');
    if (!signature) throw new UnverifiedWebhookError('No Stripe-Signature header');
    let body: unknown;
    try {
      body = await (
        await this.stripe()
      ).webhooks.constructEventAsync(rawBody, signature, await secret(), WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      if (isStripeError(error, 'StripeSignatureVerificationError')) {
        throw new UnverifiedWebhookError(error.message);
      }
      // The signature verified before stripe-node parsed the body: a signed body that is not JSON.
      if (error instanceof SyntaxError) {
        throw new MalformedWebhookError(`The event is not JSON: ${error.message}`);
      }
      throw error;
    }
    const parsed = eventSchema.safeParse(body);
    if (!parsed.success) {
      const { id, type } = namesOf(body);
      throw new MalformedWebhookError(
        `The event has no readable shape: ${z.prettifyError(parsed.error).replace(/\s+/g, ' ')}`,
        id,
        type,
      );
    }
    const event = parsed.data;
    const object = event.data.object as Stripe.Event.Data.Object & {
      customer?: Expandable<Stripe.Customer>;
      attempt_count?: unknown;
    };
    const invoice =
      event.data.object.object === 'invoice'
        ? {
            id: event.data.object.id,
            attemptCount: typeof object.attempt_count === 'number' ? object.attempt_count : 0,
          }
        : undefined;
    return {
      id: event.id,
      type: event.type,
      created: seconds(event.created),
      objectId: event.data.object.id,
      subscriptionId: subscriptionOf(object),
      customerId: idOf(object.customer),
      ...(invoice && { invoice }),
    };
  }
}

/** Stripe's card errors carry a message meant for the user ("Your card was declined."). */
export const declineOf = (error: unknown): PaymentDeclinedError | undefined =>
  isStripeError(error, 'StripeCardError') ? new PaymentDeclinedError(error.message) : undefined;
