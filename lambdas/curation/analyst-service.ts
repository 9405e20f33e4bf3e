import {
  ANALYST_CONFLICT_MESSAGE,
  toAnalystData,
  type AnalystInput,
} from '../../core/curation/analyst';
import type { AnalystData } from '../../core/market/types';
import { CuratedItemService, type CuratedItemDeps } from './curated-item-service';

export type AnalystService = CuratedItemService<AnalystData, AnalystInput>;

/** Curation of analyst data (resource ANALYST of §6): ratings, targets and grades per company. */
export const createAnalystService = (deps: CuratedItemDeps<AnalystData>): AnalystService =>
  new CuratedItemService<AnalystData, AnalystInput>({
    ...deps,
    resource: 'ANALYST',
    what: 'the analyst data',
    conflictMessage: ANALYST_CONFLICT_MESSAGE,
    toValue: (input, { symbol }) => toAnalystData(input, symbol),
  });
