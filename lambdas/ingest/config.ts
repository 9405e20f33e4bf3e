/** Environment of the ingest function (set by infra/aws/ingest.ts). */

/** Comma-separated symbols to ingest; when unset, every company already in the table. */
export const INGEST_SYMBOLS_ENV = 'INGEST_SYMBOLS';
/** Companies fetched at once (default DEFAULT_INGEST_CONCURRENCY). */
export const INGEST_CONCURRENCY_ENV = 'INGEST_CONCURRENCY';
