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
  '4000000000000069': {
    brand: 'visa',
    last4: '0069',
    outcome: { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' },
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

/** A card's expiry as the form took it. */
export interface CardExpiry {
  readonly month: number;
  /** Four digits. */
  readonly year: number;
}

export type CardCheck =
  | { readonly ok: true; readonly card: TestCard; readonly expiry?: CardExpiry }
  | {
      readonly ok: false;
      readonly reason: 'declined' | 'authentication';
      /** Stripe's error code (a card_error's `code`), e.g. card_declined or expired_card. */
      readonly code?: string;
      /** The field Stripe's error names (`param`), where it names one. */
      readonly param?: string;
      readonly message: string;
    };

type CardRefusal = Extract<CardCheck, { ok: false }>;

const refusal = (code: string, message: string, param?: string): CardRefusal => ({
  ok: false,
  reason: 'declined',
  code,
  message,
  ...(param && { param }),
});

/**
 * An expiry typed as MM / YY (or MM/YYYY), checked as Stripe checks it: a valid month, and not
 * before `now`'s month (a card is good through the last day of its expiry month, UTC here).
 */
export function checkExpiry(text: string, now: Date): CardExpiry | CardRefusal {
  const parts = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!parts) return refusal('incomplete_expiry', "Your card's expiration date is incomplete.");
  const month = Number(parts[1]);
  if (month < 1 || month > 12) {
    return refusal('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  const year = parts[2]!.length === 2 ? 2000 + Number(parts[2]) : Number(parts[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) {
    return refusal('expired_card', 'Your card has expired.', 'exp_month');
  }
  return { month, year };
}

/**
 * Whether a card can be used now, with Stripe's messages: a charge (checkout) or a setup (the
 * portal saving a card). A card that asks for authentication passes once it was completed.
 */
export function checkCard(
  number: string,
  {
    use,
    authenticated,
    expiry,
  }: {
    readonly use: 'charge' | 'setup';
    readonly authenticated: boolean;
    /** The expiry entered, and the stand-in's now it must not be before (when the form asks). */
    readonly expiry?: { readonly text: string; readonly now: Date };
  },
): CardCheck {
  const card = testCardOf(number);
  if (!card) return refusal('invalid_number', 'Your card number is invalid.', 'number');
  const valid = expiry && checkExpiry(expiry.text, expiry.now);
  if (valid && 'ok' in valid) return valid;
  const outcome = use === 'setup' ? (card.setup ?? card.outcome) : card.outcome;
  if (outcome.kind === 'declined') return refusal(outcome.code, outcome.message);
  if (outcome.kind === 'authentication' && !authenticated) {
    return { ok: false, reason: 'authentication', message: 'This payment needs authentication.' };
  }
  return { ok: true, card, ...(valid && { expiry: valid }) };
}

/**
 * Whether a saved card pays a charge the customer is not present for (renewals, retries): a card
 * that asked for authentication was authenticated when saved, so Stripe charges it without.
 */
export const paysOffSession = (card: TestCard | undefined): boolean =>
  card?.outcome.kind === 'succeeds' || card?.outcome.kind === 'authentication';
