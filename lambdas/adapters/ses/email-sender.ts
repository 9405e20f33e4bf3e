import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Email, EmailSender } from '../../ports/email-sender';

/** Environment variable naming the verified SES identity the product sends from. */
export const EMAIL_FROM_ENV = 'EMAIL_FROM';

/** E-mail through SES v2 from the product's verified sender identity. */
export class SesEmailSender implements EmailSender {
  private client: SESv2Client | undefined;

  constructor(
    private readonly from: string,
    client?: SESv2Client,
  ) {
    this.client = client;
  }

  async send({ to, subject, text }: Email): Promise<void> {
    // Made on first use: most invocations of a function that can send e-mail never do.
    this.client ??= new SESv2Client({});
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: { Text: { Data: text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  }
}
