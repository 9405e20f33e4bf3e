/** Port: sends a text message (SNS in AWS, the outbox locally). */
export interface SmsSender {
  send(phoneNumber: string, message: string): Promise<void>;
}
