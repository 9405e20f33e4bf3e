import type { AnalystInput } from '@core/curation/analyst';
import type { AnalystData } from '@core/market/types';
import { curatedItemApi } from './curated-item-api';

/** curatedAnalyst, analystHistory, updateAnalyst and restoreAnalyst of the curation API. */
export const analystApi = curatedItemApi<AnalystData, AnalystInput>('Analyst');
