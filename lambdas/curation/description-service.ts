import { DESCRIPTION_CONFLICT_MESSAGE } from '../../core/curation/description';
import { CuratedItemService, type CuratedItemDeps } from './curated-item-service';

export type DescriptionService = CuratedItemService<string, string>;

/**
 * Curation of company descriptions (resource DESCRIPTION of §6), a curated item like the analyst
 * data: the text is validated at the edge with core's rule (descriptionTextSchema: trimmed,
 * bounded, plain text) and stored as given. Until curated, the ingested text is version 0.
 */
export const createDescriptionService = (deps: CuratedItemDeps<string>): DescriptionService =>
  new CuratedItemService<string, string>({
    ...deps,
    resource: 'DESCRIPTION',
    what: 'the description',
    conflictMessage: DESCRIPTION_CONFLICT_MESSAGE,
    toValue: (text) => text,
  });
