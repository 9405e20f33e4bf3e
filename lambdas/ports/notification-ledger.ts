/**
 * Port over the notification ledger (the users table, under the recipient): one row per message
 * the product sends, keyed by the recipient's sub and core's notificationKey of its cause, claimed
 * before the message is sent so that of several senders of one cause only one sends.
 */
export interface NotificationLedger {
  /**
   * Claims the message for this sender with a conditional write: true when it is new, or failed
   * before, or left unfinished longer than `staleMs` by a sender that died; false when another
   * sender has sent it or is sending it.
   */
  claim(sub: string, key: string, now: number, staleMs: number): Promise<boolean>;
  /** The claimed message went out. */
  sent(sub: string, key: string, now: number): Promise<void>;
  /** Sending failed: the claim is given up, so a retry of the cause may send it. */
  failed(sub: string, key: string, now: number, error: string): Promise<void>;
}
