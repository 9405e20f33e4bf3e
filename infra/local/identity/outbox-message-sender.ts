import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import type { Outbox } from '../outbox';

type Message = Parameters<MessageSender['sendEmail']>[3];
type User = Parameters<MessageSender['sendEmail']>[1];

/** Delivers the identity service's e-mails and SMS to the local outbox instead of the console. */
export class OutboxMessageSender implements MessageSender {
  constructor(private readonly outbox: Outbox) {}

  async sendEmail(_ctx: unknown, user: User, destination: string, message: Message): Promise<void> {
    await this.outbox.send({
      channel: 'email',
      to: destination,
      username: user.Username,
      subject: message.emailSubject ?? 'Your verification code',
      body: message.emailMessage ?? `Your verification code is ${message.__code}`,
      code: message.__code,
    });
  }

  async sendSms(_ctx: unknown, user: User, destination: string, message: Message): Promise<void> {
    await this.outbox.send({
      channel: 'sms',
      to: destination,
      username: user.Username,
      body: message.smsMessage ?? `Your code is ${message.__code}`,
      code: message.__code,
    });
  }
}
