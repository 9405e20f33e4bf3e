import type { AppSyncResolverEvent } from 'aws-lambda';
import type * as z from 'zod';
import { GRAPHQL_QUERIES, type GraphqlQueryField } from '../../core/api/graphql';
import type { AssetService } from '../asset/service';
import { describeZodError } from '../shared/http';
import { atGraphqlEdge, GraphqlCallerError, orNull } from './errors';
import { awsJson } from './aws-json';

export interface GraphqlDeps {
  readonly service: AssetService;
  readonly clock?: () => Date;
  readonly demo: boolean;
}

type Args<F extends GraphqlQueryField> = z.infer<(typeof GRAPHQL_QUERIES)[F]>;
type Resolvers = {
  readonly [F in GraphqlQueryField]: (args: Args<F>, now: Date) => Promise<unknown>;
};

const isQueryField = (name: string): name is GraphqlQueryField =>
  Object.hasOwn(GRAPHQL_QUERIES, name);

/**
 * The AppSync direct Lambda resolver for every public Query field of core/api/graphql.ts (the
 * curation fields have their own, curation-resolver.ts), arguments
 * validated by its schemas. Locally, graphql-js executes the same schema file and calls this same
 * function with an AppSync-shaped event. Domain errors are mapped here, once, for the GraphQL
 * edge: not found is null, the others the caller's error message.
 */
export function createGraphqlResolver({ service, clock = () => new Date(), demo }: GraphqlDeps) {
  const resolvers: Resolvers = {
    stock: ({ symbol }, now) =>
      orNull(async () => {
        const { record, profile } = await service.profile(symbol, now);
        return { ...profile, isin: record.isin, demo: record.demo || demo };
      }),
    quote: ({ symbol }, now) => orNull(() => service.quote(symbol, now)),
    // No sparklines here (the schema has none): they would cost bar reads nobody asked for.
    indexes: (_args, now) => service.indexQuotes(now),
    statements: async ({ symbol, kind, period, limit }) => {
      const result = await orNull(() => service.statements(symbol, kind, period, limit));
      return (result?.items ?? []).map((item) => ({
        id: item.id,
        year: item.year,
        quarter: item.quarter,
        isAnnual: item.isAnnual,
        isTTM: 'isTTM' in item ? item.isTTM : null,
        date: item.date,
        period: item.period,
        reportedCurrency: item.reportedCurrency,
        values: JSON.stringify(item),
      }));
    },
    ratiosTtm: async ({ symbol }, now) =>
      awsJson(await orNull(() => service.ratiosTtm(symbol, now))),
    keyMetricsTtm: async ({ symbol }, now) =>
      awsJson(await orNull(() => service.keyMetricsTtm(symbol, now))),
    shariah: async ({ symbol }, now) => awsJson(await orNull(() => service.shariah(symbol, now))),
  };

  return async (event: AppSyncResolverEvent<Record<string, unknown>>): Promise<unknown> => {
    const field = event.info.fieldName;
    if (event.info.parentTypeName !== 'Query' || !isQueryField(field)) {
      throw new GraphqlCallerError(
        'BadRequest',
        `No resolver for ${event.info.parentTypeName}.${field}`,
      );
    }
    const parsed = GRAPHQL_QUERIES[field].safeParse(event.arguments ?? {});
    if (!parsed.success) throw new GraphqlCallerError('BadRequest', describeZodError(parsed.error));
    const resolve = resolvers[field] as (args: unknown, now: Date) => Promise<unknown>;
    return atGraphqlEdge(field, () => resolve(parsed.data, clock()));
  };
}
