import type { ShariahInput } from '@core/curation/shariah';
import type { ShariahInputs } from '@core/market/types';
import { curatedItemApi } from './curated-item-api';

/** curatedShariah, shariahHistory, updateShariah and restoreShariah of the curation API. */
export const shariahApi = curatedItemApi<ShariahInputs, ShariahInput>('Shariah');
