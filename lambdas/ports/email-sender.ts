/** An e-mail the product sends a user (SES in AWS, the outbox locally). */
export interface Email {
  readonly to: string;
  readonly subject: string;
  /** Plain text. */
  readonly text: string;
}

/** Port: sends an e-mail. */
export interface EmailSender {
  send(email: Email): Promise<void>;
}
