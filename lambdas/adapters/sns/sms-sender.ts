import type { SNSClient } from '@aws-sdk/client-sns';
import type { SmsSender } from '../../ports/sms-sender';
import { awsClientOptions } from '../aws/client-options';

/** SMS through Amazon SNS: transactional, so carriers deliver it promptly. */
export class SnsSmsSender implements SmsSender {
  constructor(private client?: Pick<SNSClient, 'send'>) {}

  async send(phoneNumber: string, message: string): Promise<void> {
    // The SDK module is imported on the first text: most invocations of the functions that can
    // send one (a sign-in by password, an account read) never do, and their cold start skips it.
    const sns = await import('@aws-sdk/client-sns');
    this.client ??= new sns.SNSClient(awsClientOptions());
    await this.client.send(
      new sns.PublishCommand({
        PhoneNumber: phoneNumber,
        Message: message,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'StockScope' },
        },
      }),
    );
  }
}
