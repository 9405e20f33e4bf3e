import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AttemptLog } from '../../ports/attempt-log';
import type { DeviceProofs } from '../../ports/device-proofs';
import type { PhoneChanges } from '../../ports/phone-changes';
import type { SessionRevocations } from '../../ports/session-revocations';
import type { UsersRepository } from '../../ports/users-repository';
import type { SavedScreenStore } from '../../ports/saved-screen-store';
import type { WatchlistStore } from '../../ports/watchlist-store';
import type { AlertStore } from '../../ports/alert-store';
import type { NotificationLedger } from '../../ports/notification-ledger';
import type { PortfolioStore } from '../../ports/portfolio-store';
import type { VerdictHolders } from '../../ports/verdict-watch';
import { holderIndexedPortfolios, holderIndexedWatchlists } from '../../shared/holder-indexing';
import { DynamoDbAlertStore } from './alert-store';
import { DynamoDbAttemptLog } from './attempt-log';
import { DynamoDbDeviceProofs } from './device-proofs';
import { DynamoDbNotificationLedger } from './notification-ledger';
import { DynamoDbPhoneChanges } from './phone-changes';
import { DynamoDbPortfolioStore } from './portfolio-store';
import { DynamoDbSessionRevocations } from './session-revocations';
import { DynamoDbUsersRepository } from './users-repository';
import { DynamoDbSavedScreenStore } from './saved-screen-store';
import { DynamoDbVerdictHolders } from './verdict-watch';
import { DynamoDbWatchlistStore } from './watchlist-store';

/** Every port over the users table. */
export interface UsersTableStores {
  readonly users: UsersRepository;
  readonly devices: DeviceProofs;
  readonly revocations: SessionRevocations;
  readonly attempts: AttemptLog;
  readonly phoneChanges: PhoneChanges;
  readonly watchlists: WatchlistStore;
  readonly alerts: AlertStore;
  readonly savedScreens: SavedScreenStore;
  readonly notices: NotificationLedger;
  readonly portfolios: PortfolioStore;
  /** Who holds or watches each symbol (the verdict alerts' index, kept by the two stores above). */
  readonly verdictHolders: VerdictHolders;
}

/** The ports over the users table on one client (AWS and DynamoDB Local alike). */
export function usersTableStores(
  client: DynamoDBDocumentClient,
  tableName: string,
): UsersTableStores {
  const verdictHolders = new DynamoDbVerdictHolders(client, tableName);
  return {
    users: new DynamoDbUsersRepository(client, tableName),
    devices: new DynamoDbDeviceProofs(client, tableName),
    revocations: new DynamoDbSessionRevocations(client, tableName),
    attempts: new DynamoDbAttemptLog(client, tableName),
    phoneChanges: new DynamoDbPhoneChanges(client, tableName),
    watchlists: holderIndexedWatchlists(
      new DynamoDbWatchlistStore(client, tableName),
      verdictHolders,
    ),
    alerts: new DynamoDbAlertStore(client, tableName),
    savedScreens: new DynamoDbSavedScreenStore(client, tableName),
    notices: new DynamoDbNotificationLedger(client, tableName),
    portfolios: holderIndexedPortfolios(
      new DynamoDbPortfolioStore(client, tableName),
      verdictHolders,
    ),
    verdictHolders,
  };
}
