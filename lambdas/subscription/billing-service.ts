import {
  checkoutStep,
  duplicateSubscriptions,
  type CheckoutClaim,
  type DuplicateRefund,
} from '../../core/checkout-claim';
import { Conflict, Invalid, NotFound } from '../../core/domain-errors';
import {
  creditOfBalance,
  invoiceCredit,
  isProrationDateCurrent,
  SWITCH_QUOTE_STALE_TEXT,
  type PlanChangePreview,
} from '../../core/plan-change';
import {
  PAID_PLANS,
  hasEnded,
  planOfInterval,
  tierOf,
  type CheckoutConfirmation,
  type InvoiceSummary,
  type PaidPlan,
  type PlanOffer,
  type SubscriptionState,
} from '../../core/subscription';
import type { UserRecord } from '../../core/user-record';
import type { EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';
import type { InvoiceAttempt, PaymentProvider, ProviderSubscription } from '../ports/payments';
import { VersionConflictError, type UsersRepository } from '../ports/users-repository';
import type { Caller } from '../shared/claims';
import { NotifyOnce } from '../shared/notify-once';
import { logger } from '../shared/observability/logger';

export interface BillingConfig {
  /** The provider's price of each paid plan (configuration in AWS; seeded locally). */
  readonly prices: Readonly<Record<PaidPlan, string>>;
  /** The site's origin (https://…), where the provider sends the user back. */
  readonly siteUrl: () => Promise<string>;
}

export interface BillingDeps {
  readonly payments: PaymentProvider;
  readonly users: UsersRepository;
  readonly email: EmailSender;
  /** The notification ledger: each billing e-mail goes out once per cause. */
  readonly notices: NotificationLedger;
  readonly config: BillingConfig;
  readonly now?: () => number;
  /** Waits between reads of a checkout another request is opening. */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * Tells operators of what needs a human look (a customer charged twice): an error-level log
   * line by default, which the ops alarms watch (there is no admin e-mail path).
   */
  readonly alertOperators?: (message: string, details: Record<string, unknown>) => void;
}

/** How often, and how long, a checkout request waits for the one opening the user's checkout. */
export const CHECKOUT_POLL_MS = 100;
export const CHECKOUT_WAIT_MS = 15_000;

export const DUPLICATE_REFUNDED_SUBJECT = 'We refunded a second StockScope subscription';
export const duplicateRefundedText = (profileUrl: string) =>
  [
    'You were charged for a second StockScope Premium subscription while you already had one.',
    'We cancelled the second subscription and refunded its payment in full; your first subscription carries on unchanged.',
    `Your subscription and invoices are on your profile: ${profileUrl}`,
  ].join('\n\n');

/** How many invoices the profile lists. */
export const INVOICE_LIST_LIMIT = 24;

export const PAYMENT_FAILED_SUBJECT = 'Your StockScope payment did not go through';
export const paymentFailedText = (profileUrl: string) =>
  [
    'We could not renew your StockScope Premium subscription: your card was declined.',
    'Your Premium features stay on while we retry the payment over the next days.',
    `Update your card under "Manage billing" on your profile: ${profileUrl}`,
  ].join('\n\n');

/**
 * The subscription business over the payment provider: checkout, confirmation, cancel and resume,
 * plan switch, billing portal, invoices, and applying the provider's events. The provider is the
 * source of truth: every change reads its subscription back and stores what it says, so the
 * webhook and the confirmation after checkout converge on the same state whichever comes first.
 */
export class BillingService {
  private readonly now: () => number;
  private readonly notify: NotifyOnce;

  constructor(private readonly deps: BillingDeps) {
    this.now = deps.now ?? Date.now;
    this.notify = new NotifyOnce({ ledger: deps.notices, email: deps.email, now: this.now });
  }

  async plans(): Promise<PlanOffer[]> {
    const prices = await this.deps.payments.prices(
      PAID_PLANS.map((p) => this.deps.config.prices[p]),
    );
    return PAID_PLANS.map((plan, i) => {
      const price = prices[i]!;
      return { plan, price: price.money, interval: price.interval };
    });
  }

  private async record(sub: string): Promise<UserRecord> {
    const record = await this.deps.users.get(sub);
    if (!record) throw new NotFound('Your account has no record yet: sign in again.');
    return record;
  }

  /**
   * The user's one payable checkout for `plan`: the open one when there is one, else a new one,
   * after expiring an open one of the other plan. A versioned conditional write of the claim on
   * the user's record decides which of several concurrent requests makes the session; the others
   * wait for it and answer the same url.
   */
  async startCheckout(caller: Caller, plan: PaidPlan): Promise<{ url: string }> {
    const { payments, users } = this.deps;
    const record = await this.record(caller.sub);
    if (
      tierOf(record.subscription, this.now()) === 'premium' &&
      record.subscription?.status !== 'past_due'
    ) {
      throw new Conflict('You already have Premium: change your billing interval on your profile.');
    }
    const sleep = this.deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    for (let read = 0; read < CHECKOUT_WAIT_MS / CHECKOUT_POLL_MS; read += 1) {
      const stored = await users.getCheckout(caller.sub);
      if (!stored) throw new NotFound('Your account has no record yet: sign in again.');
      const { claim, version } = stored;
      const now = this.now();
      const session = claim?.session;
      const status =
        session && Date.parse(session.expiresAt) > now
          ? ((await payments.checkoutSession(session.id))?.status ?? 'expired')
          : undefined;
      const step = checkoutStep(claim, plan, now, status);
      if (step.kind === 'reuse') return { url: step.url };
      if (step.kind === 'wait') {
        await sleep(CHECKOUT_POLL_MS);
        continue;
      }
      if (step.kind === 'replace') await payments.expireCheckoutSession(step.expire);
      const url = await this.openCheckout(
        caller.sub,
        record.email,
        record.customerId,
        plan,
        version,
      );
      if (url) return { url };
    }
    throw new Conflict('Your checkout is still being opened: try again in a moment.');
  }

  /**
   * Claims the checkout at `version` and makes its session: the url, or undefined when another
   * request claimed first (the caller reads again).
   */
  private async openCheckout(
    sub: string,
    email: string,
    knownCustomerId: string | undefined,
    plan: PaidPlan,
    version: number,
  ): Promise<string | undefined> {
    const { payments, users, config } = this.deps;
    const pending: CheckoutClaim = { plan, claimedAt: new Date(this.now()).toISOString() };
    if (!(await this.claimed(() => users.writeCheckout(sub, version, pending)))) return undefined;
    let session: { id: string; url: string; expiresAt: Date };
    try {
      const customerId =
        knownCustomerId ??
        (await users.setCustomerId(sub, await payments.createCustomer({ sub, email })));
      const site = await config.siteUrl();
      session = await payments.createCheckoutSession({
        customerId,
        sub,
        priceId: config.prices[plan],
        // The provider replaces {CHECKOUT_SESSION_ID} with the session's id.
        successUrl: `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${site}/profile`,
      });
    } catch (error) {
      // Let the next click claim at once rather than wait out an abandoned claim.
      await this.claimed(() => users.writeCheckout(sub, version + 1, null));
      throw error;
    }
    const open: CheckoutClaim = {
      ...pending,
      session: { id: session.id, url: session.url, expiresAt: session.expiresAt.toISOString() },
    };
    if (await this.claimed(() => users.writeCheckout(sub, version + 1, open))) return session.url;
    // Our claim was taken over as abandoned meanwhile: ours must not stay payable beside theirs.
    await payments.expireCheckoutSession(session.id);
    return undefined;
  }

  /** Runs a versioned write: whether it won (false when another write came first). */
  private async claimed(write: () => Promise<void>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (error instanceof VersionConflictError) return false;
      throw error;
    }
  }

  /**
   * /payment-success asks whether its checkout is paid. Only the user it was opened for may ask
   * (another user's session is "not found"); once paid, the subscription is stored as the webhook
   * would store it.
   */
  async confirmCheckout(caller: Caller, sessionId: string): Promise<CheckoutConfirmation> {
    const session = await this.deps.payments.checkoutSession(sessionId);
    if (!session || session.sub !== caller.sub) throw new NotFound('No such checkout session.');
    const completed = session.complete;
    if (!completed || !session.paid || !session.subscriptionId) {
      return {
        confirmed: false,
        completed,
        subscription: (await this.record(caller.sub)).subscription,
      };
    }
    const subscription = await this.sync(session.subscriptionId, caller.sub);
    return { confirmed: subscription !== null, completed, subscription };
  }

  private async current(caller: Caller): Promise<ProviderSubscription> {
    const record = await this.record(caller.sub);
    const id = record.subscription?.subscriptionId;
    const provider = id ? await this.deps.payments.subscription(id) : undefined;
    if (!provider || provider.status === 'canceled' || provider.sub !== caller.sub) {
      throw new NotFound('You have no subscription to change.');
    }
    return provider;
  }

  async setCancelAtPeriodEnd(caller: Caller, cancel: boolean): Promise<SubscriptionState> {
    const subscription = await this.current(caller);
    await this.deps.payments.setCancelAtPeriodEnd(subscription.id, cancel);
    return this.mustSync(subscription.id, caller.sub);
  }

  /** The subscription and the price of the plan it would switch to (never its own). */
  private async switching(caller: Caller, plan: PaidPlan) {
    const subscription = await this.current(caller);
    const priceId = this.deps.config.prices[plan];
    if (subscription.priceId === priceId)
      throw new Invalid('You are on this plan already.', 'plan');
    return { subscription, priceId };
  }

  /**
   * What switching to `plan` costs today, as the provider's preview of the invoice says: the new
   * price, the credit for the unused time, the credit balance used, the amount due, and the
   * credit left over; with the instant it is worked out at, which the switch names back.
   */
  async previewPlan(caller: Caller, plan: PaidPlan): Promise<PlanChangePreview> {
    const { subscription, priceId } = await this.switching(caller, plan);
    const preview = await this.deps.payments.previewChange(subscription, priceId);
    const money = (amount: number) => ({ amount, currency: preview.currency });
    const creditBefore = creditOfBalance(preview.startingBalance);
    return {
      plan,
      prorationDate: preview.prorationDate,
      newPrice: money(preview.newPrice),
      prorationCredit: money(preview.prorationCredit),
      balanceApplied: money(invoiceCredit(preview.startingBalance, preview.endingBalance).applied),
      amountDue: money(preview.amountDue),
      creditBefore: money(creditBefore),
      creditAfter: money(creditOfBalance(preview.endingBalance)),
    };
  }

  /**
   * Switches to `plan`, prorated at `prorationDate` when the caller names its preview's instant
   * (so the charge is the one shown). Only a recent instant of the provider's own clock is taken:
   * an older one would credit unused time that has since been used.
   */
  async changePlan(
    caller: Caller,
    plan: PaidPlan,
    prorationDate?: number,
  ): Promise<SubscriptionState> {
    const { payments } = this.deps;
    const { subscription, priceId } = await this.switching(caller, plan);
    if (prorationDate !== undefined) {
      const providerNow = (await payments.previewChange(subscription, priceId)).prorationDate;
      if (!isProrationDateCurrent(prorationDate, providerNow)) {
        throw new Conflict(SWITCH_QUOTE_STALE_TEXT);
      }
    }
    await payments.changePrice(subscription, priceId, prorationDate);
    return this.mustSync(subscription.id, caller.sub);
  }

  async portal(caller: Caller): Promise<{ url: string }> {
    const { customerId } = await this.record(caller.sub);
    if (!customerId) throw new NotFound('There is no billing account yet: subscribe first.');
    const site = await this.deps.config.siteUrl();
    return { url: await this.deps.payments.portalSession(customerId, `${site}/profile`) };
  }

  async invoices(caller: Caller): Promise<InvoiceSummary[]> {
    const { customerId } = await this.record(caller.sub);
    if (!customerId) return [];
    const invoices = await this.deps.payments.invoices(customerId, INVOICE_LIST_LIMIT);
    return invoices.map(({ startingBalance, endingBalance, ...invoice }) => {
      const credit = invoiceCredit(startingBalance, endingBalance);
      const money = (amount: number) => ({ amount, currency: invoice.total.currency });
      return {
        ...invoice,
        creditApplied: money(credit.applied),
        creditAdded: money(credit.added),
        created: invoice.created.toISOString(),
      };
    });
  }

  private async mustSync(subscriptionId: string, sub: string): Promise<SubscriptionState> {
    const state = await this.sync(subscriptionId, sub);
    if (!state) throw new NotFound('You have no subscription to change.');
    return state;
  }

  /**
   * Reads the subscription from the provider now and stores that on its user's record (the user
   * its metadata names, else the one its customer belongs to). An event is only a notice: its
   * own copy of the object may be old, while this read is not, and the store keeps the latest read.
   * Answers the state stored (or the newer one already there), or null for a subscription of
   * nobody the product knows.
   */
  async sync(subscriptionId: string, expectedSub?: string): Promise<SubscriptionState | null> {
    const { payments, users } = this.deps;
    const observedAt = this.now();
    const named = await payments.subscription(subscriptionId);
    if (!named) return null;
    // A user who cancelled and subscribed again has several subscriptions: a late event of an
    // ended one must not put them back on it, so an ended subscription yields to the one that
    // speaks for the customer now (the live one, else the newest).
    const provider = hasEnded(named.status)
      ? ((await payments.latestSubscription(named.customerId)) ?? named)
      : named;
    const sub =
      provider.sub ?? expectedSub ?? (await users.findSubByCustomerId(provider.customerId));
    if (!sub || (expectedSub && sub !== expectedSub)) return null;
    const previous = (await users.get(sub))?.subscription ?? null;
    const state = stateOf(provider, observedAt, previous);
    const written = await users.writeSubscription(sub, state);
    return written ? state : ((await users.get(sub))?.subscription ?? null);
  }

  /**
   * The safety net behind the one-checkout rule: a customer with two running subscriptions (two
   * checkouts paid before the rule, or a race it did not see) keeps the oldest; each newer one is
   * cancelled, its latest payment refunded, recorded on the user's record, and the user told
   * once. Every step is safe to repeat: the refund takes an idempotency key, the cancel leaves a
   * cancelled subscription alone, and the record is written once per subscription, which gates the
   * e-mail.
   * Answers the subscriptions it ended.
   */
  async endDuplicates(subscriptionId: string): Promise<string[]> {
    const { payments, users } = this.deps;
    const named = await payments.subscription(subscriptionId);
    if (!named) return [];
    const running = await payments.runningSubscriptions(named.customerId);
    const sub =
      running.find((s) => s.sub)?.sub ?? (await users.findSubByCustomerId(named.customerId));
    const record = sub ? await users.get(sub) : undefined;
    const decision = duplicateSubscriptions(
      running.map((s) => ({ id: s.id, created: s.created.getTime() })),
      record?.subscription?.subscriptionId,
    );
    if (!decision) return [];
    for (const id of decision.cancel) {
      // Refund, record, tell, and only then cancel: until the cancel, a retry still finds the
      // duplicate running and finishes the job (the refund's key answers the same refund, the
      // record is written once and gates the e-mail, which the ledger sends once). Only a crash
      // between the record and the e-mail loses the e-mail; the record and the alert's log line
      // remain.
      const refund = await payments.refundLatestPayment(id, `duplicate-refund-${id}`);
      const entry: DuplicateRefund = {
        subscriptionId: id,
        keptSubscriptionId: decision.keep,
        refundId: refund?.id ?? null,
        amount: refund?.money ?? null,
        at: new Date(this.now()).toISOString(),
      };
      const recorded = sub && record ? await users.recordDuplicateRefund(sub, entry) : true;
      if (recorded) {
        const alert = this.deps.alertOperators ?? ((m, d) => logger.error(m, d));
        alert('A customer had a second subscription: cancelled and refunded', {
          customerId: named.customerId,
          ...entry,
        });
        if (record && sub) {
          const site = await this.deps.config.siteUrl();
          await this.notify.email({
            sub,
            cause: { kind: 'duplicate-refunded', subscriptionId: id },
            email: {
              to: record.email,
              subject: DUPLICATE_REFUNDED_SUBJECT,
              text: duplicateRefundedText(`${site}/profile`),
            },
          });
        }
      }
      await payments.cancelSubscription(id);
    }
    return [...decision.cancel];
  }

  /**
   * The e-mail of a failed renewal, to the user the subscription belongs to: once per invoice and
   * payment attempt, however many events report that attempt and however they race (the ledger).
   * Answers whether this call sent it.
   */
  async notifyPaymentFailed(subscriptionId: string, invoice: InvoiceAttempt): Promise<boolean> {
    const provider = await this.deps.payments.subscription(subscriptionId);
    const sub =
      provider?.sub ??
      (provider && (await this.deps.users.findSubByCustomerId(provider.customerId)));
    const record = sub ? await this.deps.users.get(sub) : undefined;
    if (!sub || !record?.email) return false;
    const site = await this.deps.config.siteUrl();
    return this.notify.email({
      sub,
      cause: { kind: 'payment-failed', invoiceId: invoice.id, attempt: invoice.attemptCount },
      email: {
        to: record.email,
        subject: PAYMENT_FAILED_SUBJECT,
        text: paymentFailedText(`${site}/profile`),
      },
    });
  }
}

/** The provider's subscription as the users table keeps it. */
export function stateOf(
  provider: ProviderSubscription,
  observedAt: number,
  previous: SubscriptionState | null,
): SubscriptionState {
  const pastDueSince =
    provider.status === 'past_due'
      ? previous?.status === 'past_due' && previous.pastDueSince
        ? previous.pastDueSince
        : new Date(observedAt).toISOString()
      : undefined;
  return {
    subscriptionId: provider.id,
    customerId: provider.customerId,
    plan: planOfInterval(provider.interval),
    status: provider.status,
    price: provider.money,
    currentPeriodEnd: provider.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
    card: provider.card,
    ...(pastDueSince && { pastDueSince }),
    ...(creditOfBalance(provider.balance) > 0 && {
      credit: { amount: creditOfBalance(provider.balance), currency: provider.money.currency },
    }),
    observedAt,
  };
}
