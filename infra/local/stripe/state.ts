import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What the stand-in keeps: Stripe's objects as its API answers them, by id. */
export interface StripeState {
  prices: Record<string, StripeObject>;
  customers: Record<string, StripeObject>;
  checkoutSessions: Record<string, StripeObject>;
  portalSessions: Record<string, StripeObject>;
  subscriptions: Record<string, StripeObject>;
  invoices: Record<string, StripeObject>;
  paymentMethods: Record<string, StripeObject>;
  refunds: Record<string, StripeObject>;
  /** Stripe's test clocks: a customer made on one lives on its time, apart from everyone else. */
  testClocks: Record<string, StripeObject>;
  /** Idempotency-Key → the request's fingerprint and the answer it got. */
  idempotency: Record<string, { fingerprint: string; answer: StripeObject }>;
  /** Seconds the stand-in's clock (of customers not on a test clock) is ahead of the wall clock. */
  clockOffsetSeconds: number;
}

export type StripeObject = { id: string; object: string } & Record<string, unknown>;

export const emptyState = (): StripeState => ({
  prices: {},
  customers: {},
  checkoutSessions: {},
  portalSessions: {},
  subscriptions: {},
  invoices: {},
  paymentMethods: {},
  refunds: {},
  testClocks: {},
  idempotency: {},
  clockOffsetSeconds: 0,
});

/** Stripe-like ids: a prefix and 24 random characters. */
export const newId = (prefix: string) =>
  `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;

/** The state in one JSON file, written whole (rename) so a crash never leaves half a file. */
export class StateFile {
  constructor(private readonly path: string | undefined) {}

  load(): StripeState {
    if (!this.path || !existsSync(this.path)) return emptyState();
    return { ...emptyState(), ...(JSON.parse(readFileSync(this.path, 'utf8')) as StripeState) };
  }

  save(state: StripeState): void {
    if (!this.path) return;
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, this.path);
  }
}
