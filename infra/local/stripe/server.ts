import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { LocalStripeApi, type StripeRequest } from './api';
import { parseForm } from './form-body';
import { badParam, noSuch, StripeApiError } from './stripe-error';
import { StateFile } from './state';
import { EventLog } from './event-log';
import { WebhookDelivery, type DeliveryAttempt, type WebhookTarget } from './webhook-delivery';
import { handleHostedPage } from './hosted-pages';
import { PortalPage } from './portal-page';
import { isLoopbackHost, LOOPBACK_HOST } from '../loopback';

/** The Premium prices the stand-in seeds (fixed ids, so configuration can name them). */
export const LOCAL_PRICES = {
  premium_monthly: { id: 'price_premium_monthly', unit_amount: 900, interval: 'month' },
  premium_yearly: { id: 'price_premium_yearly', unit_amount: 9000, interval: 'year' },
} as const;

export interface LocalStripeOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** Where the state file lives (none: in memory only). */
  readonly dataDir?: string;
  /** The secret key the product's client sends (sk_test_…). */
  readonly apiKey: string;
  /** Where signed events go (none: no events are sent). */
  readonly webhook?: WebhookTarget;
  readonly retryDelaysMs?: readonly number[];
}

export interface LocalStripe {
  readonly url: string;
  readonly port: number;
  readonly prices: { readonly premium_monthly: string; readonly premium_yearly: string };
  /** Epoch seconds on the stand-in's clock (customers on a test clock have their own). */
  now(): number;
  /**
   * Moves the stand-in's clock on (renewals, failed renewals and period-end cancellations happen)
   * for every customer not on a test clock.
   */
  advanceClock(seconds: number): void;
  /**
   * Moves one customer's time on, apart from everyone else's (their own test clock, made the
   * first time): answers the customer's new now.
   */
  advanceCustomerClock(customerId: string, seconds: number): number;
  setDefaultCard(customerId: string, number: string): void;
  /** The newest customer with this e-mail (the developer controls name users by e-mail). */
  customerIdByEmail(email: string): string | undefined;
  /** Where signed events go from now on (the product's address is known once it listens). */
  setWebhook(target: WebhookTarget): void;
  /** Every webhook delivery attempt so far. */
  deliveries(): readonly DeliveryAttempt[];
  /** The customers with this e-mail, oldest first. */
  customerIdsByEmail(email: string): readonly string[];
  /** Resolves once every event so far is delivered or given up. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

type Handler = (request: StripeRequest) => unknown;

const throwError = (error: Error): never => {
  throw error;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
  response.end(JSON.stringify(body));
};

/**
 * A local stand-in for the part of Stripe's REST API the product calls, on 127.0.0.1 only. The
 * product talks to it through the real `stripe` client (host, port and protocol options).
 */
export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const file = new StateFile(options.dataDir && join(options.dataDir, 'stripe.json'));
  const state = file.load();
  const now = () => Math.floor(Date.now() / 1000) + state.clockOffsetSeconds;
  for (const price of Object.values(LOCAL_PRICES)) {
    state.prices[price.id] ??= {
      id: price.id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: price.unit_amount,
      recurring: { interval: price.interval, interval_count: 1 },
      product: 'prod_stockscope_premium',
      type: 'recurring',
      livemode: false,
    };
  }
  let origin = '';
  const customersByEmail = (email: string) =>
    Object.values(state.customers)
      .filter((c) => String(c.email).toLowerCase() === email.toLowerCase())
      .sort((a, b) => Number(a.created) - Number(b.created))
      .map((c) => c.id);
  const webhooks = new WebhookDelivery(options.webhook, options.retryDelaysMs);
  const events = new EventLog();
  const api = new LocalStripeApi({
    state,
    get origin() {
      return origin;
    },
    now,
    changed: () => file.save(state),
    emit: (type, object) => events.add(webhooks.emit(type, object, now())),
  });
  const portal = new PortalPage(api);
  const listEvents = ({ form }: StripeRequest) => {
    const limit = Number(form.limit ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw badParam('limit', 'limit must be an integer from 1 to 100');
    }
    const page = events.page({
      limit,
      ...(typeof form.starting_after === 'string' && { startingAfter: form.starting_after }),
      ...(typeof form.type === 'string' && { type: form.type }),
    });
    return { object: 'list', data: page.data, has_more: page.hasMore, url: '/v1/events' };
  };
  const routes: [string, RegExp, Handler][] = [
    ['GET', /^\/v1\/prices\/(?<id>[^/]+)$/, (r) => api.retrievePrice(r)],
    ['POST', /^\/v1\/customers$/, (r) => api.createCustomer(r)],
    ['GET', /^\/v1\/customers\/(?<id>[^/]+)$/, (r) => api.retrieveCustomer(r)],
    ['POST', /^\/v1\/checkout\/sessions$/, (r) => api.createCheckoutSession(r)],
    ['GET', /^\/v1\/checkout\/sessions$/, (r) => api.listCheckoutSessions(r)],
    ['GET', /^\/v1\/checkout\/sessions\/(?<id>[^/]+)$/, (r) => api.retrieveCheckoutSession(r)],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/(?<id>[^/]+)\/expire$/,
      (r) => api.expireCheckoutSession(r),
    ],
    ['GET', /^\/v1\/subscriptions\/(?<id>[^/]+)$/, (r) => api.retrieveSubscription(r)],
    ['GET', /^\/v1\/subscriptions$/, (r) => api.listSubscriptions(r)],
    ['POST', /^\/v1\/subscriptions\/(?<id>[^/]+)$/, (r) => api.updateSubscription(r)],
    ['DELETE', /^\/v1\/subscriptions\/(?<id>[^/]+)$/, (r) => api.cancelSubscription(r)],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (r) => api.createPortalSession(r)],
    ['POST', /^\/v1\/invoices\/create_preview$/, (r) => api.createPreview(r)],
    ['GET', /^\/v1\/invoices$/, (r) => api.listInvoices(r)],
    ['GET', /^\/v1\/invoices\/(?<id>[^/]+)$/, (r) => api.retrieveInvoice(r)],
    ['POST', /^\/v1\/refunds$/, (r) => api.createRefund(r)],
    ['GET', /^\/v1\/events$/, (r) => listEvents(r)],
    [
      'GET',
      /^\/v1\/events\/(?<id>[^/]+)$/,
      (r) => events.find(r.params.id ?? '') ?? throwError(noSuch('event', r.params.id ?? '')),
    ],
    ['POST', /^\/v1\/test_helpers\/test_clocks$/, (r) => api.createTestClock(r)],
    ['GET', /^\/v1\/test_helpers\/test_clocks\/(?<id>[^/]+)$/, (r) => api.retrieveTestClock(r)],
    [
      'POST',
      /^\/v1\/test_helpers\/test_clocks\/(?<id>[^/]+)\/advance$/,
      (r) => api.advanceTestClock(r),
    ],
    // Local controls (not Stripe's API): the test clock and a customer's card.
    [
      'POST',
      /^\/v1\/_local\/clock\/advance$/,
      (r) => {
        api.advanceClock(Number(r.form.seconds));
        return { now: now() };
      },
    ],
    [
      'POST',
      /^\/v1\/_local\/customers\/(?<id>[^/]+)\/card$/,
      (r) => {
        api.setDefaultCard(r.params.id ?? '', String(r.form.number));
        return { ok: true };
      },
    ],
  ];

  let port = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      try {
        // A web page that re-points its own name at 127.0.0.1 (DNS rebinding) must not read the
        // hosted pages or the API as same-origin: only requests addressed to loopback are served.
        if (!isLoopbackHost(request, port)) {
          throw new StripeApiError(403, 'invalid_request_error', 'Unknown host.');
        }
        if (PortalPage.owns(url)) {
          portal.handle(url, request.method, response, await readBody(request));
          return;
        }
        if (!url.pathname.startsWith('/v1/')) {
          await handleHostedPage(api, url, request, response, await readBody(request));
          return;
        }
        if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
          throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.');
        }
        const route = routes.find(
          ([method, path]) => method === request.method && path.test(url.pathname),
        );
        if (!route) {
          throw new StripeApiError(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${request.method}: ${url.pathname}).`,
          );
        }
        const body = await readBody(request);
        const form = parseForm(request.method === 'GET' ? url.search.slice(1) : body);
        const key = request.headers['idempotency-key'];
        const answer = route[2]({
          params: url.pathname.match(route[1])?.groups ?? {},
          form,
          idempotencyKey: typeof key === 'string' ? key : undefined,
        });
        send(response, 200, answer);
      } catch (error) {
        if (error instanceof StripeApiError) send(response, error.status, error.body());
        else send(response, 500, { error: { type: 'api_error', message: String(error) } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port, LOOPBACK_HOST, resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    port,
    prices: {
      premium_monthly: LOCAL_PRICES.premium_monthly.id,
      premium_yearly: LOCAL_PRICES.premium_yearly.id,
    },
    now,
    advanceClock: (seconds) => api.advanceClock(seconds),
    advanceCustomerClock: (customerId, seconds) =>
      api.advanceCustomerClock(customerId, seconds).frozen_time as number,
    setDefaultCard: (customerId, number) => api.setDefaultCard(customerId, number),
    customerIdByEmail: (email) => customersByEmail(email).at(-1),
    customerIdsByEmail: customersByEmail,
    setWebhook: (target) => webhooks.setTarget(target),
    deliveries: () => webhooks.deliveries(),
    webhooksIdle: () => webhooks.idle(),
    close: () => {
      webhooks.close();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
