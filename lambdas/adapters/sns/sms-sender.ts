import { PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { SmsSender } from '../../ports/sms-sender';

/** SMS through Amazon SNS: transactional, so carriers deliver it promptly. */
export class SnsSmsSender implements SmsSender {
  constructor(private readonly client: SNSClient) {}

  async send(phoneNumber: string, message: string): Promise<void> {
    await this.client.send(
      new PublishCommand({
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
