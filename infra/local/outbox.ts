import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The local stand-in for SES e-mail and SNS SMS: every message the product would send is appended
 * to a JSON-lines file under .data/ and shown at /dev/outbox. Local mode only.
 */
export interface OutboxMessage {
  readonly at: string;
  readonly channel: 'email' | 'sms';
  readonly to: string;
  readonly username?: string;
  readonly subject?: string;
  readonly body: string;
  /** The code the message carries (verification, reset, OTP), for tests and the outbox page. */
  readonly code?: string;
}

export class Outbox {
  constructor(readonly file: string) {}

  async send(message: Omit<OutboxMessage, 'at'>): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const line = JSON.stringify({ at: new Date().toISOString(), ...message });
    await appendFile(this.file, `${line}\n`, 'utf8');
  }

  /** Newest first. */
  async list(): Promise<OutboxMessage[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxMessage)
      .reverse();
  }
}
