import type { SmsSender } from '../../../lambdas/ports/sms-sender';
import type { Outbox } from '../outbox';

/** The custom-auth code's SMS, delivered to the local outbox (SNS in AWS). */
export class OutboxSmsSender implements SmsSender {
  constructor(private readonly outbox: Outbox) {}

  async send(phoneNumber: string, message: string): Promise<void> {
    const code = /\b(\d{4})\b/.exec(message)?.[1];
    await this.outbox.send({
      channel: 'sms',
      to: phoneNumber,
      body: message,
      ...(code ? { code } : {}),
    });
  }
}
