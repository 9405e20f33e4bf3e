import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, type StocksTable } from './audit-trail';

/**
 * The revision of the stocks' list rows (symbol, name, exchange, whether listed), one item of
 * the stocks table:
 *   LIST#REVISION / REVISION    `revision`: a new value after each console change of a stock
 * The asset API keeps the whole list and the profiles in memory for a minute (they are
 * whole-table reads); it reads this one item to drop its copies as soon as the console adds,
 * renames, restores, hides or deletes a stock, so search and the pickers never show a name
 * that was changed. Written after the stock's own transaction, not in it: every stock write
 * would otherwise contend on this one item and fail its neighbours' transactions.
 */
const KEY = { isin: 'LIST#REVISION', sk: 'REVISION' } as const;

/** The current revision; null before the first console change. */
export async function readListRevision(table: StocksTable): Promise<string | null> {
  const item = await getItem(table, KEY.isin, KEY.sk);
  return typeof item?.revision === 'string' ? item.revision : null;
}

/** Marks the list as changed by the write that produced `revision` (unique per write). */
export async function bumpListRevision(
  { client, tableName }: StocksTable,
  revision: string,
): Promise<void> {
  await client.send(new PutCommand({ TableName: tableName, Item: { ...KEY, revision } }));
}
