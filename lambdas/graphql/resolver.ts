import type { AppSyncResolverEvent } from 'aws-lambda';
import * as z from 'zod';
import { STATEMENT_DEFAULT_LIMIT } from '../../core/constants';
import { MAX_STATEMENT_LIMIT, symbolSchema } from '../asset/schemas';
import type { AssetService } from '../asset/service';
import { describeZodError, HttpError } from '../shared/http';

export interface GraphqlDeps {
  readonly service: AssetService;
  readonly clock?: () => Date;
  readonly demo: boolean;
}

type Resolver = (args: Record<string, unknown>, now: Date) => Promise<unknown>;

const symbolArgs = z.object({ symbol: symbolSchema });
const statementArgs = z.object({
  symbol: symbolSchema,
  kind: z.enum(['income', 'balance', 'cash']),
  period: z.enum(['annual', 'quarter']).default('annual'),
  limit: z.number().int().min(1).max(MAX_STATEMENT_LIMIT).default(STATEMENT_DEFAULT_LIMIT),
});

/** A caller's mistake becomes a GraphQL error with a clear message; anything else is logged. */
class GraphqlInputError extends Error {
  override readonly name = 'BadRequest';
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new GraphqlInputError(describeZodError(result.error));
  return result.data;
}

/** AppSync's AWSJSON travels as a JSON string. */
const awsJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Unknown symbols resolve to null, as a missing object does in GraphQL. */
async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * The AppSync direct Lambda resolver for every Query field. Locally, graphql-js executes the same
 * schema file and calls this same function with an AppSync-shaped event.
 */
export function createGraphqlResolver({ service, clock = () => new Date(), demo }: GraphqlDeps) {
  const resolvers: Record<string, Resolver> = {
    stock: (args, now) =>
      orNull(async () => {
        const { record, profile } = await service.profile(parse(symbolArgs, args).symbol, now);
        return { ...profile, isin: record.isin, demo: record.demo || demo };
      }),
    quote: (args, now) => orNull(() => service.quote(parse(symbolArgs, args).symbol, now)),
    indexes: (_args, now) => service.indexes(now),
    statements: async (args) => {
      const input = parse(statementArgs, args);
      const result = await orNull(() =>
        service.statements(input.symbol, input.kind, input.period, input.limit),
      );
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
    ratiosTtm: async (args, now) =>
      awsJson(await orNull(() => service.ratiosTtm(parse(symbolArgs, args).symbol, now))),
    keyMetricsTtm: async (args, now) =>
      awsJson(await orNull(() => service.keyMetricsTtm(parse(symbolArgs, args).symbol, now))),
    shariah: async (args, now) =>
      awsJson(await orNull(() => service.shariah(parse(symbolArgs, args).symbol, now))),
  };

  return async (event: AppSyncResolverEvent<Record<string, unknown>>): Promise<unknown> => {
    const resolver =
      event.info.parentTypeName === 'Query' ? resolvers[event.info.fieldName] : undefined;
    if (!resolver) {
      throw new GraphqlInputError(
        `No resolver for ${event.info.parentTypeName}.${event.info.fieldName}`,
      );
    }
    try {
      return await resolver(event.arguments ?? {}, clock());
    } catch (error) {
      if (error instanceof GraphqlInputError) throw error;
      if (error instanceof HttpError && error.statusCode < 500) {
        throw new GraphqlInputError(error.message);
      }
      // Internal details stay in the logs, not in the caller's response.
      console.error('GraphQL resolver failed', event.info.fieldName, error);
      throw new Error('Internal error');
    }
  };
}
