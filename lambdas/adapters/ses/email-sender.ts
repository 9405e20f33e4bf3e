import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Email, EmailSender } from '../../ports/email-sender';
import { awsClientOptions } from '../aws/client-options';

/** Environment variable naming the verified SES identity the product sends from. */
export const EMAIL_FROM_ENV = 'EMAIL_FROM';

/** E-mail through SES v2 from the product's verified sender identity. */
export class SesEmailSender implements EmailSender {
  private client: Pick<SESv2Client, 'send'> | undefined;

  constructor(
    private readonly from: string,
    client?: Pick<SESv2Client, 'send'>,
  ) {
    this.client = client;
  }

  async send({ to, subject, text }: Email): Promise<void> {
    // Imported and made on first use: most invocations of a function that can send e-mail never
    // do, and their cold start skips the SDK module.
    const ses = await import('@aws-sdk/client-sesv2');
    this.client ??= new ses.SESv2Client(awsClientOptions());
    await this.client.send(
      new ses.SendEmailCommand({
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
