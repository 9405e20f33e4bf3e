import {
  SHARIAH_CONFLICT_MESSAGE,
  toShariahInputs,
  type ShariahInput,
} from '../../core/curation/shariah';
import type { ShariahInputs } from '../../core/market/types';
import { CuratedItemService, type CuratedItemDeps } from './curated-item-service';
import { curatorName, type Curator } from './curator-access';

export type ShariahService = CuratedItemService<ShariahInputs, ShariahInput & { reviewer: string }>;

/**
 * Curation of the Shariah-screen inputs (resource SHARIAH of §6, a GENERAL resource: editors may
 * at most read it, so only admins change it). The reviewer of an override is the curator.
 */
export const createShariahService = (deps: CuratedItemDeps<ShariahInputs>): ShariahService =>
  new CuratedItemService<ShariahInputs, ShariahInput & { reviewer: string }>({
    ...deps,
    resource: 'SHARIAH',
    what: 'the Shariah inputs',
    conflictMessage: SHARIAH_CONFLICT_MESSAGE,
    toValue: ({ reviewer, ...input }, { symbol }) => toShariahInputs(input, { symbol, reviewer }),
  });

/** The input as the service takes it: the validated input with the curator as its reviewer. */
export const reviewed = (input: ShariahInput, curator: Curator) => ({
  ...input,
  reviewer: curatorName(curator),
});
