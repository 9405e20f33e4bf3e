import * as z from 'zod';
import { STATEMENT_DEFAULT_LIMIT } from '../constants';
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
