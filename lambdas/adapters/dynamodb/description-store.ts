import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  DESCRIPTION_CONFLICT_MESSAGE,
  DESCRIPTION_HISTORY_LIMIT,
  type CuratedDescription,
  type DescriptionVersion,
} from '../../../core/curation/description';
import { Conflict } from '../../../core/domain-errors';
import type { DescriptionStore, DescriptionWrite } from '../../ports/description-store';
import { areaChangeKeys, areaItemKeys } from './area-keys';
import { lostRace } from './lost-race';

/**
 * Curated descriptions in the stocks table, in the company's partition (isin):
 *   DESCRIPTION                      the curated text with version, updatedAt, updatedBy. Its own
 *                                    item, not a field of PROFILE: the ingest replaces PROFILE
 *                                    and must not undo an editor's work, and a profile edit must
 *                                    not conflict with a description edit.
 *   AUDIT#DESCRIPTION#<version, 10 digits>  one audit entry per version (before, after, who, when)
 *
 * The history is bounded by count, not by TTL: writing version v deletes the entry of version
 * v - DESCRIPTION_HISTORY_LIMIT in the same transaction, so exactly the last 50 are kept however
 * rarely a text changes (a TTL would lose the whole history of a quiet company, or keep thousands
 * of entries of a busy one). Each entry is its own item of at most ~20 KB (two 5,000-character
 * texts), so nothing grows towards DynamoDB's 400 KB item limit.
 */
const SK = {
  profile: 'PROFILE',
  description: 'DESCRIPTION',
  auditPrefix: 'AUDIT#DESCRIPTION#',
  audit: (version: number) => `AUDIT#DESCRIPTION#${String(version).padStart(10, '0')}`,
} as const;

type Item = Record<string, unknown>;

const toVersion = (item: Item): DescriptionVersion => ({
  isin: String(item.isin),
  version: Number(item.version),
  before: String(item.before),
  after: String(item.after),
  updatedAt: String(item.updatedAt),
  updatedBy: String(item.updatedBy),
});

export class DynamoDbDescriptionStore implements DescriptionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async current(isin: string): Promise<CuratedDescription | undefined> {
    const [profile, curated] = await Promise.all([
      this.get(isin, SK.profile, '#profile.description', { '#profile': 'profile' }),
      this.get(isin, SK.description),
    ]);
    if (!profile) return undefined;
    if (curated) {
      return {
        isin,
        text: String(curated.text),
        version: Number(curated.version),
        updatedAt: String(curated.updatedAt),
        updatedBy: String(curated.updatedBy),
      };
    }
    const ingested = (profile.profile as { description?: unknown } | undefined)?.description;
    return {
      isin,
      text: typeof ingested === 'string' ? ingested : '',
      version: 0,
      updatedAt: null,
      updatedBy: null,
    };
  }

  async curatedText(isin: string): Promise<string | undefined> {
    const item = await this.get(isin, SK.description, '#text', { '#text': 'text' });
    return typeof item?.text === 'string' ? item.text : undefined;
  }

  async history(isin: string): Promise<DescriptionVersion[]> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'isin = :isin AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':isin': isin, ':prefix': SK.auditPrefix },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: DESCRIPTION_HISTORY_LIMIT,
      }),
    );
    return (result.Items ?? []).map(toVersion);
  }

  async entry(isin: string, version: number): Promise<DescriptionVersion | undefined> {
    const item = await this.get(isin, SK.audit(version));
    return item ? toVersion(item) : undefined;
  }

  async write(change: DescriptionWrite): Promise<void> {
    const { isin, expectedVersion, before, after, updatedAt, updatedBy } = change;
    const version = expectedVersion + 1;
    const dropped = version - DESCRIPTION_HISTORY_LIMIT;
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  isin,
                  sk: SK.description,
                  text: after,
                  version,
                  updatedAt,
                  updatedBy,
                  ...areaItemKeys('DESCRIPTION', isin, SK.description),
                },
                // Version 0 is the ingested text: no item yet.
                ...(expectedVersion === 0
                  ? { ConditionExpression: 'attribute_not_exists(sk)' }
                  : {
                      ConditionExpression: '#version = :expected',
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':expected': expectedVersion },
                    }),
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  isin,
                  sk: SK.audit(version),
                  version,
                  before,
                  after,
                  updatedAt,
                  updatedBy,
                  ...areaChangeKeys('DESCRIPTION', updatedAt, isin, SK.audit(version)),
                },
              },
            },
            ...(dropped > 0
              ? [{ Delete: { TableName: this.tableName, Key: { isin, sk: SK.audit(dropped) } } }]
              : []),
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) throw new Conflict(DESCRIPTION_CONFLICT_MESSAGE);
      throw error;
    }
  }

  private async get(
    isin: string,
    sk: string,
    projection?: string,
    names?: Record<string, string>,
  ): Promise<Item | undefined> {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { isin, sk },
        // A write must show at once (the console reloads, the public page reads it next).
        ConsistentRead: true,
        ...(projection
          ? { ProjectionExpression: projection, ExpressionAttributeNames: names }
          : {}),
      }),
    );
    return result.Item;
  }
}
