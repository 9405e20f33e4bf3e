/** Stripe's documented test cards, and what each does at a charge. */
export type CardOutcome =
  | { readonly kind: 'succeeds' }
  | { readonly kind: 'declined'; readonly code: string; readonly message: string }
  | { readonly kind: 'authentication' };

export interface TestCard {
  readonly brand: string;
  readonly last4: string;
  readonly outcome: CardOutcome;
}

const DECLINED = {
  kind: 'declined',
  code: 'card_declined',
  message: 'Your card was declined.',
} as const;

const CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', last4: '4242', outcome: { kind: 'succeeds' } },
  '4000000000000002': { brand: 'visa', last4: '0002', outcome: DECLINED },
  '4000000000009995': {
    brand: 'visa',
    last4: '9995',
    outcome: {
      kind: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000002500003155': { brand: 'visa', last4: '3155', outcome: { kind: 'authentication' } },
  // Attaches, then fails every charge: Stripe's card for failed renewals.
  '4000000000000341': { brand: 'visa', last4: '0341', outcome: DECLINED },
};

/** The test card a number names (spaces allowed), or undefined for any other number. */
export const testCardOf = (number: string): TestCard | undefined =>
  CARDS[number.replace(/\s+/g, '')];
