import {
  notificationKey,
  NOTIFICATION_CLAIM_STALE_MS,
  type NotificationCause,
} from '../../core/notifications';
import type { Email, EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';

export interface NotifyOnceDeps {
  readonly ledger: NotificationLedger;
  readonly email: EmailSender;
  readonly now?: () => number;
}

/** An e-mail to a user about a cause (core/notifications.ts). */
export interface Notice {
  /** The recipient: the user the ledger row is kept under. */
  readonly sub: string;
  readonly cause: NotificationCause;
  readonly email: Email;
}

/**
 * Sends each notice once per cause and recipient, whoever else reports the same cause at the same
 * time: the ledger's conditional claim comes before the send, and only its winner sends. If the
 * send fails, the claim is marked failed and the error thrown, so the caller's retry (the provider
 * retrying its webhook) claims it again and sends; nothing is silently lost. A sender that dies
 * between claim and send leaves the claim to be taken over after NOTIFICATION_CLAIM_STALE_MS (a
 * rare second copy rather than none); one that dies after sending but before marking it sent
 * likewise. Answers whether this call sent it.
 */
export class NotifyOnce {
  private readonly now: () => number;

  constructor(private readonly deps: NotifyOnceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async email({ sub, cause, email }: Notice): Promise<boolean> {
    const { ledger } = this.deps;
    const key = notificationKey(cause);
    if (!(await ledger.claim(sub, key, this.now(), NOTIFICATION_CLAIM_STALE_MS))) return false;
    try {
      await this.deps.email.send(email);
    } catch (error) {
      await ledger.failed(
        sub,
        key,
        this.now(),
        error instanceof Error ? error.message : String(error),
      );
      throw error;
    }
    await ledger.sent(sub, key, this.now());
    return true;
  }
}
