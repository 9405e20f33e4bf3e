/**
 * How many versions of a curated item (analyst data, Shariah inputs) the audit trail keeps; older
 * entries are deleted in the transaction that writes a new one, so storage stays bounded per item.
 */
export const CURATED_HISTORY_LIMIT = 50;
