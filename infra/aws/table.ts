import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { KeyAttribute, TableDefinition } from '../../core/tables';

const attribute = (key: KeyAttribute): dynamodb.Attribute => ({
  name: key.name,
  type: key.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER,
});

/**
 * A DynamoDB table from its core/tables.ts definition (the same one the local stack creates):
 * on-demand, point-in-time recovery, deletion protection, retained on stack deletion, TTL where
 * records expire, every GSI projecting all attributes or, where the definition says, the listed ones.
 */
export function tableFromDefinition(
  scope: Construct,
  definition: TableDefinition,
): dynamodb.TableV2 {
  return new dynamodb.TableV2(scope, definition.id, {
    partitionKey: attribute(definition.partitionKey),
    ...(definition.sortKey && { sortKey: attribute(definition.sortKey) }),
    billing: dynamodb.Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
    ...(definition.ttlAttribute && { timeToLiveAttribute: definition.ttlAttribute }),
    globalSecondaryIndexes: definition.globalIndexes.map((index) => ({
      indexName: index.indexName,
      partitionKey: attribute(index.partitionKey),
      ...(index.sortKey && { sortKey: attribute(index.sortKey) }),
      ...(index.include
        ? {
            projectionType: dynamodb.ProjectionType.INCLUDE,
            nonKeyAttributes: [...index.include],
          }
        : { projectionType: dynamodb.ProjectionType.ALL }),
    })),
  });
}
