import * as z from 'zod';
import { STATEMENT_DEFAULT_LIMIT } from '../constants';
import { ANALYST_ARGS } from '../curation/analyst';
import { DESCRIPTION_ARGS } from '../curation/description';
import { OVERVIEW_ARGS } from '../curation/overview';
import { SHARIAH_ARGS } from '../curation/shariah';
import { SHEET_ARGS } from '../curation/sheet';
import { STOCK_ARGS } from '../curation/stock';
import { STATEMENT_KINDS } from '../market/statements';
import { MAX_STATEMENT_LIMIT, symbolSchema } from './asset';

/**
 * The public GraphQL API's contract (AppSync with API-key auth in AWS, graphql-js locally): the
 * endpoint, its auth mode, and each Query field with the zod schema of its arguments. The schema
 * file (lambdas/graphql/schema.graphql) declares the same fields (a test holds them together); the
 * resolver dispatches on this table and CDK wires one direct resolver per field. Its answers are
 * never cached: every field is computed on each request (the request limits are in
 * graphql-limits.ts).
 */
export const GRAPHQL_ENDPOINT = { path: '/graphql', auth: 'apiKey', cache: 'no-store' } as const;

const symbolArgs = z.object({ symbol: symbolSchema });

export const GRAPHQL_QUERIES = {
  stock: symbolArgs,
  quote: symbolArgs,
  indexes: z.object({}),
  statements: z.object({
    symbol: symbolSchema,
    kind: z.enum(STATEMENT_KINDS),
    period: z.enum(['annual', 'quarter']).default('annual'),
    limit: z.number().int().min(1).max(MAX_STATEMENT_LIMIT).default(STATEMENT_DEFAULT_LIMIT),
  }),
  ratiosTtm: symbolArgs,
  keyMetricsTtm: symbolArgs,
  shariah: symbolArgs,
} as const satisfies Record<string, z.ZodType>;

export type GraphqlQueryField = keyof typeof GRAPHQL_QUERIES;
export const GRAPHQL_QUERY_FIELDS = Object.keys(GRAPHQL_QUERIES) as GraphqlQueryField[];

/**
 * The curation fields: Cognito user-pool auth, not the API key. In AppSync the API key
 * is the default mode and the user pool an additional one, so these fields (and the types they
 * return) carry @aws_cognito_user_pools in the schema and refuse a request signed with the API key
 * alone; the public fields carry no directive and keep the API key. The resolver authorises each
 * call with core's permission rule (resource, action, ISIN).
 */
export const GRAPHQL_CURATION_QUERIES = {
  curatedDescription: DESCRIPTION_ARGS.curatedDescription,
  descriptionHistory: DESCRIPTION_ARGS.descriptionHistory,
  curationSheets: SHEET_ARGS.curationSheets,
  curationSheet: SHEET_ARGS.curationSheet,
  sheetHistory: SHEET_ARGS.sheetHistory,
  curatedAnalyst: ANALYST_ARGS.curatedAnalyst,
  analystHistory: ANALYST_ARGS.analystHistory,
  curationStocks: STOCK_ARGS.curationStocks,
  curationStock: STOCK_ARGS.curationStock,
  stockHistory: STOCK_ARGS.stockHistory,
  curatedShariah: SHARIAH_ARGS.curatedShariah,
  shariahHistory: SHARIAH_ARGS.shariahHistory,
  curationOverview: OVERVIEW_ARGS.curationOverview,
} as const satisfies Record<string, z.ZodType>;

export const GRAPHQL_MUTATIONS = {
  updateDescription: DESCRIPTION_ARGS.updateDescription,
  restoreDescription: DESCRIPTION_ARGS.restoreDescription,
  createSheet: SHEET_ARGS.createSheet,
  updateSheet: SHEET_ARGS.updateSheet,
  deleteSheet: SHEET_ARGS.deleteSheet,
  restoreSheet: SHEET_ARGS.restoreSheet,
  importSheets: SHEET_ARGS.importSheets,
  updateAnalyst: ANALYST_ARGS.updateAnalyst,
  restoreAnalyst: ANALYST_ARGS.restoreAnalyst,
  createStock: STOCK_ARGS.createStock,
  updateStock: STOCK_ARGS.updateStock,
  setStockHidden: STOCK_ARGS.setStockHidden,
  deleteStock: STOCK_ARGS.deleteStock,
  restoreStock: STOCK_ARGS.restoreStock,
  updateShariah: SHARIAH_ARGS.updateShariah,
  restoreShariah: SHARIAH_ARGS.restoreShariah,
} as const satisfies Record<string, z.ZodType>;

export type GraphqlCurationQueryField = keyof typeof GRAPHQL_CURATION_QUERIES;
export type GraphqlMutationField = keyof typeof GRAPHQL_MUTATIONS;
export type GraphqlCurationField = GraphqlCurationQueryField | GraphqlMutationField;

/** Whether a field is a curation field (Cognito user-pool auth) rather than a public one. */
export const isCurationField = (parent: string, name: string): name is GraphqlCurationField =>
  parent === 'Query'
    ? Object.hasOwn(GRAPHQL_CURATION_QUERIES, name)
    : parent === 'Mutation' && Object.hasOwn(GRAPHQL_MUTATIONS, name);

/**
 * The errorType of a caller's error as the GraphQL API reports it (AppSync's Unauthorized for a
 * request its auth mode refuses; the resolver's others): clients map each to a typed error.
 */
export const GRAPHQL_ERROR_TYPES = [
  'BadRequest',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'Conflict',
  'Unavailable',
] as const;
export type GraphqlErrorType = (typeof GRAPHQL_ERROR_TYPES)[number];

/** AppSync's auth modes as the schema names them (the default, API_KEY, has no directive here). */
export type GraphqlAuthMode = 'apiKey' | 'userPool';

/** Every field with a resolver: its parent type, its arguments' schema and its auth mode. */
export interface GraphqlField {
  readonly typeName: 'Query' | 'Mutation';
  readonly fieldName: string;
  readonly args: z.ZodObject;
  readonly auth: GraphqlAuthMode;
}

const fieldsOf = (
  typeName: GraphqlField['typeName'],
  table: Record<string, z.ZodObject>,
  auth: GraphqlAuthMode,
): GraphqlField[] =>
  Object.entries(table).map(([fieldName, args]) => ({ typeName, fieldName, args, auth }));

export const GRAPHQL_FIELDS: readonly GraphqlField[] = [
  ...fieldsOf('Query', GRAPHQL_QUERIES, 'apiKey'),
  ...fieldsOf('Query', GRAPHQL_CURATION_QUERIES, 'userPool'),
  ...fieldsOf('Mutation', GRAPHQL_MUTATIONS, 'userPool'),
];

/**
 * What AppSync predefines and graphql-js must be told: its scalars and its auth directives (the
 * local server and the schema test prepend this to the schema file).
 */
export const APPSYNC_PRELUDE = `scalar AWSJSON
scalar AWSDate
scalar AWSDateTime
directive @aws_api_key on FIELD_DEFINITION | OBJECT
directive @aws_cognito_user_pools(cognito_groups: [String]) on FIELD_DEFINITION | OBJECT
`;
