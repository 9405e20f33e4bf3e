/** A phone number change waiting for the code texted to the new number. */
export interface PendingPhoneChange {
  readonly phoneNumber: string;
  /** SHA-256 of the code bound to the user and number; the code itself is never stored. */
  readonly codeHash: string;
  /** Epoch ms after which the code no longer counts. */
  readonly expiresAt: number;
}

/** Port over the pending phone changes, one per user (a new one replaces the old). */
export interface PhoneChanges {
  get(sub: string): Promise<PendingPhoneChange | undefined>;
  put(sub: string, change: PendingPhoneChange): Promise<void>;
  clear(sub: string): Promise<void>;
}
