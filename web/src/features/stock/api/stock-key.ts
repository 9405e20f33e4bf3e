// The stock's query keys live in shared code (the curation console refreshes them after a change).
export { stockKey } from '../../../lib/stock-queries';
