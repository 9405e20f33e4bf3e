import type { SubscriptionStatus } from '../../../../core/subscription';
import {
  UnverifiedWebhookError,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderRefund,
  type ProviderSubscription,
  type ProviderSwitchPreview,
} from '../../../ports/payments';

/** The signature the in-memory provider's events carry: unit tests sign with it. */
export const MEMORY_WEBHOOK_SIGNATURE = 'memory-signature';

/**
 * A payment provider in memory for unit tests of the billing use cases: customers, checkout
 * sessions, subscriptions and invoices, with helpers that play the provider's side (a paid
 * checkout, a status change). The local stand-in (infra/local/stripe) plays Stripe over HTTP for
 * everything else.
 */
export class InMemoryPayments implements PaymentProvider {
  readonly customers = new Map<string, { sub: string; email: string }>();
  readonly sessions = new Map<string, ProviderCheckoutSession & { priceId: string; url: string }>();
  readonly subscriptions = new Map<string, ProviderSubscription>();
  readonly invoiceList: ProviderInvoice[] = [];
  /** Refunds by idempotency key (the provider answers a repeated key with the same refund). */
  readonly refunds = new Map<string, ProviderRefund & { subscriptionId: string }>();
  /** Each price change, with the proration date it named. */
  readonly changes: { subscriptionId: string; priceId: string; prorationDate?: number }[] = [];
  /** How many checkout sessions were created (a retry or a race must not add one). */
  created = 0;
  private seq = 0;

  constructor(
    readonly priceList: readonly ProviderPrice[],
    private readonly now: () => number = Date.now,
  ) {}

  private id(prefix: string) {
    this.seq += 1;
    return `${prefix}_${this.seq}`;
  }

  async prices(ids: readonly string[]) {
    return ids.map((id) => {
      const price = this.priceList.find((p) => p.id === id);
      if (!price) throw new Error(`No such price: ${id}`);
      return price;
    });
  }

  async createCustomer({ sub, email }: { sub: string; email: string }) {
    const existing = [...this.customers].find(([, c]) => c.sub === sub);
    if (existing) return existing[0];
    const id = this.id('cus');
    this.customers.set(id, { sub, email });
    return id;
  }

  async createCheckoutSession(input: { customerId: string; sub: string; priceId: string }) {
    const id = this.id('cs');
    const url = `https://checkout.test/${id}`;
    const expiresAt = new Date(this.now() + 86_400_000);
    this.created += 1;
    this.sessions.set(id, {
      id,
      url,
      sub: input.sub,
      customerId: input.customerId,
      status: 'open',
      complete: false,
      paid: false,
      subscriptionId: undefined,
      priceId: input.priceId,
    });
    return { id, url, expiresAt };
  }

  /** The provider's side of a paid checkout: the subscription starts, active. */
  pay(sessionId: string, card = { brand: 'visa', last4: '4242' }): ProviderSubscription {
    const session = this.sessions.get(sessionId)!;
    const price = this.priceList.find((p) => p.id === session.priceId)!;
    const subscription: ProviderSubscription = {
      id: this.id('sub'),
      customerId: session.customerId!,
      status: 'active',
      priceId: price.id,
      itemId: this.id('si'),
      money: price.money,
      interval: price.interval,
      currentPeriodEnd: new Date(this.now() + (price.interval === 'year' ? 365 : 30) * 86_400_000),
      created: new Date(this.now() + this.seq),
      cancelAtPeriodEnd: false,
      card,
      sub: session.sub,
      balance: 0,
    };
    this.subscriptions.set(subscription.id, subscription);
    this.sessions.set(sessionId, {
      ...session,
      status: 'complete',
      complete: true,
      paid: true,
      subscriptionId: subscription.id,
    });
    return subscription;
  }

  /** The provider's side of a change (a failed renewal, a cancellation at period end). */
  setStatus(subscriptionId: string, status: SubscriptionStatus) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    this.subscriptions.set(subscriptionId, { ...subscription, status });
  }

  async checkoutSession(id: string) {
    const session = this.sessions.get(id);
    return session && { ...session };
  }

  async expireCheckoutSession(id: string) {
    const session = this.sessions.get(id);
    if (session?.status === 'open') this.sessions.set(id, { ...session, status: 'expired' });
  }

  async runningSubscriptions(customerId: string) {
    return [...this.subscriptions.values()]
      .filter((s) => s.customerId === customerId && s.status !== 'canceled')
      .reverse();
  }

  async cancelSubscription(subscriptionId: string) {
    this.setStatus(subscriptionId, 'canceled');
  }

  async refundLatestPayment(subscriptionId: string, idempotencyKey: string) {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return undefined;
    const refund = this.refunds.get(idempotencyKey) ?? {
      id: this.id('re'),
      money: subscription.money,
      subscriptionId,
    };
    this.refunds.set(idempotencyKey, refund);
    return { id: refund.id, money: refund.money };
  }

  async subscription(id: string) {
    return this.subscriptions.get(id);
  }

  async latestSubscription(customerId: string) {
    const newestFirst = [...this.subscriptions.values()]
      .filter((s) => s.customerId === customerId)
      .reverse();
    return newestFirst.find((s) => s.status !== 'canceled') ?? newestFirst[0];
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    this.subscriptions.set(subscriptionId, { ...subscription, cancelAtPeriodEnd: cancel });
  }

  /**
   * A switch as if the current period had just begun (its whole price credited), the customer's
   * balance applied; the provider's now is the clock's.
   */
  async previewChange(
    subscription: ProviderSubscription,
    priceId: string,
    prorationDate?: number,
  ): Promise<ProviderSwitchPreview> {
    const price = this.priceList.find((p) => p.id === priceId)!;
    const total = price.money.amount - subscription.money.amount;
    const owed = total + subscription.balance;
    return {
      prorationDate: prorationDate ?? Math.floor(this.now() / 1000),
      currency: price.money.currency,
      newPrice: price.money.amount,
      prorationCredit: subscription.money.amount,
      total,
      amountDue: Math.max(0, owed),
      startingBalance: subscription.balance,
      endingBalance: Math.min(0, owed),
    };
  }

  async changePrice(subscription: ProviderSubscription, priceId: string, prorationDate?: number) {
    this.changes.push({
      subscriptionId: subscription.id,
      priceId,
      ...(prorationDate !== undefined && { prorationDate }),
    });
    const { endingBalance } = await this.previewChange(subscription, priceId, prorationDate);
    const price = this.priceList.find((p) => p.id === priceId)!;
    this.subscriptions.set(subscription.id, {
      ...subscription,
      priceId,
      money: price.money,
      interval: price.interval,
      balance: endingBalance,
    });
  }

  async portalSession(customerId: string) {
    return `https://billing.test/${customerId}`;
  }

  async invoices(customerId: string, limit: number) {
    return this.invoiceList.filter((i) => i.id.includes(customerId)).slice(0, limit);
  }

  /** Events as JSON bodies {id, type, subscriptionId, …}, "signed" with MEMORY_WEBHOOK_SIGNATURE. */
  async verifyEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    if (signature !== MEMORY_WEBHOOK_SIGNATURE) throw new UnverifiedWebhookError('bad signature');
    const event = JSON.parse(rawBody) as Omit<ProviderEvent, 'created'> & { created?: string };
    return { ...event, created: new Date(event.created ?? this.now()) };
  }
}
