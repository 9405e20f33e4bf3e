import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { TableDefinition } from '../../core/tables';

const READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
/** Writing single items: a (conditional) put or update, the way a record is created or edited. */
const PUT_UPDATE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];
const ITEM_WRITE_ACTIONS = [...PUT_UPDATE_ACTIONS, 'dynamodb:DeleteItem'];
const WRITE_ACTIONS = [...ITEM_WRITE_ACTIONS, 'dynamodb:BatchWriteItem'];

/**
 * How much of a table a function may touch:
 * - `read`: get, batch-get, query, condition checks;
 * - `readPutUpdate`: also put and update items, never delete (creates and edits records but has
 *   no business removing one: no DeleteItem, no BatchWriteItem, whose requests may delete);
 * - `readWriteItems`: also delete single items, no batches (removes items it owns, such as a
 *   user's remembered devices or a pending phone change);
 * - `readWrite`: everything an item writer does, batches included (the ingest).
 */
export type TableAccess = 'read' | 'readPutUpdate' | 'readWriteItems' | 'readWrite';

const ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: READ_ACTIONS,
  readPutUpdate: [...READ_ACTIONS, ...PUT_UPDATE_ACTIONS],
  readWriteItems: [...READ_ACTIONS, ...ITEM_WRITE_ACTIONS],
  readWrite: [...READ_ACTIONS, ...WRITE_ACTIONS],
};

/**
 * Least-privilege table access: the table and its named indexes from the core definition (no
 * `index/*` wildcard, no Scan), so nothing needs a cdk-nag acknowledgement.
 */
export function grantTable(
  table: dynamodb.ITableV2,
  definition: TableDefinition,
  fn: lambda.IFunction,
  access: TableAccess,
): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...ACTIONS[access]],
      resources: [
        table.tableArn,
        ...definition.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
      ],
    }),
  );
}
