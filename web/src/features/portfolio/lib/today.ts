import { formatDate } from '@core/format';

/** Today as YYYY-MM-DD in UTC, as the server reads its clock for a summary. */
export const todayText = (): string => formatDate(Date.now());
