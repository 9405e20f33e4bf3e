import type { Email, EmailSender } from '../../lambdas/ports/email-sender';
import type { Outbox } from './outbox';

/** The product's e-mails (not the identity service's), delivered to the local outbox (SES in AWS). */
export class OutboxEmailSender implements EmailSender {
  constructor(private readonly outbox: Outbox) {}

  async send({ to, subject, text }: Email): Promise<void> {
    await this.outbox.send({ channel: 'email', to, subject, body: text });
  }
}
