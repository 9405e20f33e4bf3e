import { USERS_TABLE } from '../../../core/tables';
import type { AttemptKey } from '../../ports/attempt-log';

/**
 * The users table's item layout. A user's partition `USER#<sub>` holds:
 * - `PROFILE`: the record (core/user-record.ts) with the admins' permission bookkeeping;
 * - `SESSIONS`: the session revocations (tokens valid after, signed-out sessions);
 * - `DEVICE#<id>`: a remembered device;
 * - `ATTEMPTS#<kind>`: a sliding window of sign-in events (code sends, wrong codes);
 * - `PHONE-CHANGE`: a phone number change waiting for its code;
 * - `WATCHLISTS`: the user's watchlists (one versioned item, so a plan's limit holds);
 * - `ALERTS`: the user's price alerts (one versioned item, so a plan's limit holds and a fire is
 *   conditional on what the evaluator read); while any is armed it carries `armedShard`, which puts
 *   it in the sparse `byArmedAlerts` index the evaluator pages through;
 * - `NOTIFICATION#<id>` (ids begin with the instant, so they sort by time): an in-app notice of a fired alert (expires).
 * - `SCREENS`: the user's saved screener screens (likewise one versioned item).
 * - `NOTICE#<cause>`: the notification ledger's row of a message sent to the user (expires).
 * - `PORTFOLIOS`: how many portfolios the user has (`count`, kept by each creation and deletion in
 *   the same transaction, so a plan's limit holds);
 * - `PORTFOLIO#<id>`: a portfolio's header (name, currency, benchmark, `version`, `nextTx`);
 * - `PORTFOLIO-TX#<id>#<txid>`: one of its transactions (a portfolio may hold thousands, more than
 *   one item takes); every change of them goes in a transaction conditional on the header's
 *   version, which it raises. The prefix differs from the headers', so listing the portfolios
 *   reads no transaction.
 * A phone number's partition `PHONE#<e164>` holds its own `ATTEMPTS#code-send`. A symbol's
 * partition `HOLDERS#<symbol>` holds `USER#<sub>` for each user holding or watching it (the verdict
 * alerts' index, verdict-watch.ts).
 */
const PK = USERS_TABLE.partitionKey.name;
const SK = USERS_TABLE.sortKey.name;

export interface ItemKey {
  readonly [PK]: string;
  readonly [SK]: string;
}

const key = (pk: string, sk: string): ItemKey => ({ [PK]: pk, [SK]: sk });

export const userPartition = (sub: string): string => `USER#${sub}`;
export const PROFILE_SK = 'PROFILE';
export const DEVICE_SK_PREFIX = 'DEVICE#';

export const profileKey = (sub: string): ItemKey => key(userPartition(sub), PROFILE_SK);
export const sessionsKey = (sub: string): ItemKey => key(userPartition(sub), 'SESSIONS');
export const deviceKey = (sub: string, id: string): ItemKey =>
  key(userPartition(sub), `${DEVICE_SK_PREFIX}${id}`);
export const watchlistsKey = (sub: string): ItemKey => key(userPartition(sub), 'WATCHLISTS');
export const alertsKey = (sub: string): ItemKey => key(userPartition(sub), 'ALERTS');
export const NOTIFICATION_SK_PREFIX = 'NOTIFICATION#';
export const notificationKey = (sub: string, sortKey: string): ItemKey =>
  key(userPartition(sub), sortKey);
export const savedScreensKey = (sub: string): ItemKey => key(userPartition(sub), 'SCREENS');
export const noticeKey = (sub: string, cause: string): ItemKey =>
  key(userPartition(sub), `NOTICE#${cause}`);
export const portfolioCountKey = (sub: string): ItemKey => key(userPartition(sub), 'PORTFOLIOS');
export const PORTFOLIO_SK_PREFIX = 'PORTFOLIO#';
export const portfolioKey = (sub: string, id: string): ItemKey =>
  key(userPartition(sub), `${PORTFOLIO_SK_PREFIX}${id}`);
/** The sort-key prefix of a portfolio's transactions (ids sort in the order of entry). */
export const portfolioTransactionPrefix = (id: string): string => `PORTFOLIO-TX#${id}#`;
export const portfolioTransactionKey = (sub: string, id: string, txId: string): ItemKey =>
  key(userPartition(sub), `${portfolioTransactionPrefix(id)}${txId}`);
export const phoneChangeKey = (sub: string): ItemKey => key(userPartition(sub), 'PHONE-CHANGE');
export const attemptsKey = ({ scope, id, kind }: AttemptKey): ItemKey =>
  key(scope === 'user' ? userPartition(id) : `PHONE#${id}`, `ATTEMPTS#${kind}`);

/** DynamoDB's TTL attribute holds epoch seconds. */
export const ttlSeconds = (epochMs: number): number => Math.ceil(epochMs / 1000);
