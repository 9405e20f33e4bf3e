import type { FormValue } from './form-body';
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
}
