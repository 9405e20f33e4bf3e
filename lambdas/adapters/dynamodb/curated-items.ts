import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ANALYST_CONFLICT_MESSAGE } from '../../../core/curation/analyst';
import { SHARIAH_CONFLICT_MESSAGE } from '../../../core/curation/shariah';
import type { AnalystData, ShariahInputs } from '../../../core/market/types';
import { DynamoDbCuratedItemStore } from './curated-item-store';

/**
 * The curated single items of a company, where the public stocks repository reads them
 * (stocks-repository.ts: ANALYST.analyst, SHARIAH.shariah), so a curation write shows at once.
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
