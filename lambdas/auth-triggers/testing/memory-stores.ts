import { InMemoryAttemptLog } from '../../adapters/testing/memory/attempt-log';
import { InMemoryDeviceProofs } from '../../adapters/testing/memory/device-proofs';
import { InMemorySessionRevocations } from '../../adapters/testing/memory/session-revocations';
import { InMemoryUsersRepository } from '../../adapters/testing/memory/users-repository';
import type { UserItem } from '../../adapters/dynamodb/user-item';

/** Fresh in-memory stores for the triggers' unit tests. */
export function memoryStores(records: readonly UserItem[] = []) {
  return {
    users: new InMemoryUsersRepository(records),
    devices: new InMemoryDeviceProofs(),
    revocations: new InMemorySessionRevocations(),
    attempts: new InMemoryAttemptLog(),
  };
}
