import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  ANALYST_CONFLICT_MESSAGE,
  DESCRIPTION_CONFLICT_MESSAGE,
  SHARIAH_CONFLICT_MESSAGE,
} from '../../../core/curation/conflict-messages';
import type { AnalystData, ShariahInputs } from '../../../core/market/types';
import { DynamoDbCuratedItemStore } from './curated-item-store';

/**
 * The curated single items of a company, where the public reads them (stocks-repository.ts:
 * ANALYST.analyst, SHARIAH.shariah; the asset service overlays DESCRIPTION.text on the profile),
 * so a curation write shows at once.
 */
export const analystStore = (client: DynamoDBDocumentClient, tableName: string) =>
  new DynamoDbCuratedItemStore<AnalystData>(client, tableName, {
    sk: 'ANALYST',
    attribute: 'analyst',
    conflictMessage: ANALYST_CONFLICT_MESSAGE,
    area: 'ANALYST',
  });

export const shariahStore = (client: DynamoDBDocumentClient, tableName: string) =>
  new DynamoDbCuratedItemStore<ShariahInputs>(client, tableName, {
    sk: 'SHARIAH',
    attribute: 'shariah',
    conflictMessage: SHARIAH_CONFLICT_MESSAGE,
    area: 'SHARIAH',
  });

/**
 * The description is its own item, not a field of PROFILE: the ingest replaces PROFILE and must
 * not undo an editor's work, and a profile edit must not conflict with a description edit. Until
 * curated, the profile's ingested text is served at version 0.
 */
export const descriptionStore = (client: DynamoDBDocumentClient, tableName: string) =>
  new DynamoDbCuratedItemStore<string>(client, tableName, {
    sk: 'DESCRIPTION',
    attribute: 'text',
    ingested: 'description',
    conflictMessage: DESCRIPTION_CONFLICT_MESSAGE,
    area: 'DESCRIPTION',
  });
