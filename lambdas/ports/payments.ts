import type { CardSummary, Money, SubscriptionStatus } from '../../core/subscription';

/** A price of a paid plan, as the payment provider holds it. */
export interface ProviderPrice {
  readonly id: string;
  readonly money: Money;
  readonly interval: 'month' | 'year';
}

/** A subscription as the provider reports it now (adapters normalise the provider's object). */
export interface ProviderSubscription {
  readonly id: string;
  readonly customerId: string;
  readonly status: SubscriptionStatus;
  readonly priceId: string;
  /** The subscription item the price is on (a plan switch replaces its price). */
  readonly itemId: string;
  readonly money: Money;
  readonly interval: 'month' | 'year';
  readonly currentPeriodEnd: Date;
  /** When it was created (which of a customer's two subscriptions is the newer). */
  readonly created: Date;
  readonly cancelAtPeriodEnd: boolean;
  readonly card: CardSummary | null;
  /** The user it was bought for (the Cognito sub the checkout put in its metadata), if any. */
  readonly sub: string | undefined;
  /**
   * The customer's balance in minor units, the provider's sign: negative is credit the next
   * invoices use up (a switch credited more than it charged), positive is owed.
   */
  readonly balance: number;
}

/** The provider's preview of the invoice a switch of price would make now (nothing changes). */
export interface ProviderSwitchPreview {
  /** The provider's instant (epoch seconds) the proration is worked out at. */
  readonly prorationDate: number;
  readonly currency: string;
  /** The new price's charge for the period that starts. */
  readonly newPrice: number;
  /** The credit for the unused time of the current price (positive). */
  readonly prorationCredit: number;
  readonly total: number;
  /** What the card would be charged (credit balance applied). */
  readonly amountDue: number;
  /** The customer's balance before and after the invoice (negative = credit). */
  readonly startingBalance: number;
  readonly endingBalance: number;
}

export interface ProviderCheckoutSession {
  readonly id: string;
  /** The user the session was opened for (client_reference_id). */
  readonly sub: string | undefined;
  readonly customerId: string | undefined;
  /** Open (payable), complete (paid or done), or expired (never payable again). */
  readonly status: 'open' | 'complete' | 'expired';
  readonly complete: boolean;
  readonly paid: boolean;
  readonly subscriptionId: string | undefined;
}

export interface ProviderRefund {
  readonly id: string;
  readonly money: Money;
}

export interface ProviderInvoice {
  readonly id: string;
  readonly number: string | null;
  readonly status: string;
  readonly total: Money;
  /** What the card paid (the total less any credit balance used). */
  readonly amountPaid: Money;
  /** The customer's balance before and after the invoice (negative = credit). */
  readonly startingBalance: number;
  readonly endingBalance: number;
  readonly created: Date;
  readonly pdfUrl: string | null;
  readonly hostedUrl: string | null;
}

/** An invoice's payment attempt, as an invoice event names it. */
export interface InvoiceAttempt {
  readonly id: string;
  /**
   * The provider's count of the invoice's payment attempts (Stripe's attempt_count: automatic
   * retries add one); every event about one attempt carries the same count.
   */
  readonly attemptCount: number;
}

/** An event the provider sent to the webhook, verified; the object is only a notice. */
export interface ProviderEvent {
  readonly id: string;
  readonly type: string;
  readonly created: Date;
  /** The id of the event's object (a subscription, a checkout session, an invoice). */
  readonly objectId: string;
  /** The subscription the event concerns, when it names one. */
  readonly subscriptionId: string | undefined;
  readonly customerId: string | undefined;
  /** The invoice and its attempt, when the event's object is an invoice. */
  readonly invoice?: InvoiceAttempt;
}

/** A webhook request the provider's signature does not vouch for (forged, stale, unsigned). */
export class UnverifiedWebhookError extends Error {
  override readonly name = 'UnverifiedWebhookError';
}

/**
 * A webhook request the provider did sign whose body is not an event the product can read (not
 * JSON, no `data.object`, an object of no known shape). Retrying cannot fix it, so the edge records
 * it and answers 4xx; `eventId` and `eventType` when the body names them.
 */
export class MalformedWebhookError extends Error {
  override readonly name = 'MalformedWebhookError';
  constructor(
    message: string,
    readonly eventId?: string,
    readonly eventType?: string,
  ) {
    super(message);
  }
}

/** A card the provider refused (its message is for the user). */
export class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError';
}

/** Port over the card payment provider (Stripe in AWS and locally, through the same adapter). */
export interface PaymentProvider {
  prices(ids: readonly string[]): Promise<ProviderPrice[]>;
  /** The user's customer, created once: the same key answers the same customer on a retry. */
  createCustomer(input: { sub: string; email: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    sub: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string; expiresAt: Date }>;
  checkoutSession(id: string): Promise<ProviderCheckoutSession | undefined>;
  /** Makes an open session unpayable; a session already complete or expired is left as it is. */
  expireCheckoutSession(id: string): Promise<void>;
  subscription(id: string): Promise<ProviderSubscription | undefined>;
  /**
   * The subscription that speaks for the customer now: their live one (not ended) if any, else
   * the one created last; none for a customer who never subscribed.
   */
  latestSubscription(customerId: string): Promise<ProviderSubscription | undefined>;
  /** The customer's subscriptions not ended (active, trialing, past due, …), newest first. */
  runningSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /** Ends the subscription now; one already canceled is left as it is. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Refunds the payment of the subscription's latest invoice in full, once per `idempotencyKey`
   * (a retry answers the same refund): undefined when that invoice has no payment to refund.
   */
  refundLatestPayment(
    subscriptionId: string,
    idempotencyKey: string,
  ): Promise<ProviderRefund | undefined>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * The invoice moving the subscription to another price would make, prorated at `prorationDate`
   * (epoch seconds; the provider's now when absent, which the answer names).
   */
  previewChange(
    subscription: ProviderSubscription,
    priceId: string,
    prorationDate?: number,
  ): Promise<ProviderSwitchPreview>;
  /**
   * Moves the subscription to another price, prorated (at `prorationDate` when given, so the
   * charge is the one its preview showed), invoiced and paid at once.
   */
  changePrice(
    subscription: ProviderSubscription,
    priceId: string,
    prorationDate?: number,
  ): Promise<void>;
  portalSession(customerId: string, returnUrl: string): Promise<string>;
  invoices(customerId: string, limit: number): Promise<ProviderInvoice[]>;
  /**
   * Verifies a webhook request's signature on its raw body (UnverifiedWebhookError if not), then
   * reads the event (MalformedWebhookError if it is signed but not an event of a known shape).
   */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
}
