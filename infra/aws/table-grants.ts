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
 * Least-privilege table access: the table and its named indexes from the core definition (no
 * `index/*` wildcard, no Scan), so nothing needs a cdk-nag acknowledgement.
 */
function grant(
  table: dynamodb.ITableV2,
  definition: TableDefinition,
  fn: lambda.IFunction,
  actions: readonly string[],
): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...actions],
      resources: [
        table.tableArn,
        ...definition.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
      ],
    }),
  );
}

export function grantTableRead(
  table: dynamodb.ITableV2,
  definition: TableDefinition,
  fn: lambda.IFunction,
): void {
  grant(table, definition, fn, READ_ACTIONS);
}

export function grantTableReadWrite(
  table: dynamodb.ITableV2,
  definition: TableDefinition,
  fn: lambda.IFunction,
): void {
  grant(table, definition, fn, [...READ_ACTIONS, ...WRITE_ACTIONS]);
}

/**
 * Read, put and update items, never delete: for a function that creates and edits records but
 * has no business removing one (no DeleteItem, no BatchWriteItem, whose requests may delete).
 */
export function grantTableReadPutUpdate(
  table: dynamodb.ITableV2,
  definition: TableDefinition,
  fn: lambda.IFunction,
): void {
  grant(table, definition, fn, [...READ_ACTIONS, ...PUT_UPDATE_ACTIONS]);
}

/**
 * Read, and put, update and delete single items (no BatchWriteItem): for a function that also
 * removes items it owns (a user's remembered devices, a pending phone change).
 */
export function grantTableReadWriteItems(
  table: dynamodb.ITableV2,
  definition: TableDefinition,
  fn: lambda.IFunction,
): void {
  grant(table, definition, fn, [...READ_ACTIONS, ...ITEM_WRITE_ACTIONS]);
}
