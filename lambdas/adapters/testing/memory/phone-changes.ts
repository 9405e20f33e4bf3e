import type { PendingPhoneChange, PhoneChanges } from '../../../ports/phone-changes';

/** Pending phone changes in memory. */
export class InMemoryPhoneChanges implements PhoneChanges {
  readonly pending = new Map<string, PendingPhoneChange>();

  async get(sub: string): Promise<PendingPhoneChange | undefined> {
    return this.pending.get(sub);
  }

  async put(sub: string, change: PendingPhoneChange): Promise<void> {
    this.pending.set(sub, change);
  }

  async clear(sub: string): Promise<void> {
    this.pending.delete(sub);
  }
}
