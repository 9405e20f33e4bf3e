import type { UserRecord } from '../../core/user-record';

/** Port over the users table; the DynamoDB adapter serves both AWS and DynamoDB Local. */
export interface UsersRepository {
  get(email: string): Promise<UserRecord | undefined>;
  put(record: UserRecord): Promise<void>;
  /** Writes the record unless one exists for the e-mail; returns whether it wrote. */
  createIfAbsent(record: UserRecord): Promise<boolean>;
}
