/** Stripe's documented test cards, and what each does at a charge. */
export type CardOutcome =
  | { readonly kind: 'succeeds' }
  | { readonly kind: 'declined'; readonly code: string; readonly message: string }
  | { readonly kind: 'authentication' };

export interface TestCard {
  readonly brand: string;
  readonly last4: string;
  /** What a charge does (checkout's first payment, a renewal, a retry). */
  readonly outcome: CardOutcome;
  /** What saving it without a charge does (the portal's card update), where that differs. */
  readonly setup?: CardOutcome;
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
  '4000000000000341': {
    brand: 'visa',
    last4: '0341',
    outcome: DECLINED,
    setup: { kind: 'succeeds' },
  },
};

/** The test card a number names (spaces allowed), or undefined for any other number. */
export const testCardOf = (number: string): TestCard | undefined =>
  CARDS[number.replace(/\s+/g, '')];

export type CardCheck =
  | { readonly ok: true; readonly card: TestCard }
  | {
      readonly ok: false;
      readonly reason: 'declined' | 'authentication';
      readonly message: string;
    };

/**
 * Whether a card can be used now, with Stripe's messages: a charge (checkout) or a setup (the
 * portal saving a card). A card that asks for authentication passes once it was completed.
 */
export function checkCard(
  number: string,
  { use, authenticated }: { readonly use: 'charge' | 'setup'; readonly authenticated: boolean },
): CardCheck {
  const card = testCardOf(number);
  if (!card) return { ok: false, reason: 'declined', message: 'Your card number is invalid.' };
  const outcome = use === 'setup' ? (card.setup ?? card.outcome) : card.outcome;
  if (outcome.kind === 'declined')
    return { ok: false, reason: 'declined', message: outcome.message };
  if (outcome.kind === 'authentication' && !authenticated) {
    return { ok: false, reason: 'authentication', message: 'This payment needs authentication.' };
  }
  return { ok: true, card };
}

/**
 * Whether a saved card pays a charge the customer is not present for (renewals, retries): a card
 * that asked for authentication was authenticated when saved, so Stripe charges it without.
 */
export const paysOffSession = (card: TestCard | undefined): boolean =>
  card?.outcome.kind === 'succeeds' || card?.outcome.kind === 'authentication';
