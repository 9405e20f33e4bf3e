import type { AppSyncIdentityCognito, AppSyncResolverEvent } from 'aws-lambda';
import type * as z from 'zod';
import {
  GRAPHQL_CURATION_QUERIES,
  GRAPHQL_MUTATIONS,
  GRAPHQL_QUERIES,
  type GraphqlCurationField,
  type GraphqlQueryField,
} from '../../core/api/graphql';
import { Conflict, DomainError, Forbidden, NotFound } from '../../core/domain-errors';
import type { AssetService } from '../asset/service';
import type { DescriptionService } from '../curation/description-service';
import type { SessionRevocations } from '../ports/session-revocations';
import { callerFrom, type Caller } from '../shared/claims';
import { describeZodError, HttpError } from '../shared/http';
import { logger } from '../shared/observability/logger';
import { isRevoked } from '../shared/revocation';

/** The curation fields' services (Cognito user-pool auth). */
export interface CurationDeps {
  readonly descriptions: DescriptionService;
  /** Revoked sessions are refused here as on the REST APIs: AppSync only checks the signature. */
  readonly revocations: SessionRevocations;
}

export interface GraphqlDeps {
  readonly service: AssetService;
  readonly curation: CurationDeps;
  readonly clock?: () => Date;
  readonly demo: boolean;
}

type Args<F extends GraphqlQueryField> = z.infer<(typeof GRAPHQL_QUERIES)[F]>;
type Resolvers = {
  readonly [F in GraphqlQueryField]: (args: Args<F>, now: Date) => Promise<unknown>;
};

const CURATION_ARGS = { ...GRAPHQL_CURATION_QUERIES, ...GRAPHQL_MUTATIONS };
type CurationArgs<F extends GraphqlCurationField> = z.infer<(typeof CURATION_ARGS)[F]>;
type CurationResolvers = {
  readonly [F in GraphqlCurationField]: (args: CurationArgs<F>, caller: Caller) => Promise<unknown>;
};

/**
 * A caller's mistake becomes a GraphQL error whose errorType (the error's name, as a direct Lambda
 * resolver reports it) says which: BadRequest (input, naming the field), Unauthorized (no valid
 * session), Forbidden (the permission rule refused), NotFound, Conflict (a stale version: reload
 * and reapply). Anything else is logged and answered 'Internal error'.
 */
class GraphqlCallerError extends Error {
  constructor(
    override readonly name: 'BadRequest' | 'Unauthorized' | 'Forbidden' | 'NotFound' | 'Conflict',
    message: string,
  ) {
    super(message);
  }
}

const callerError = (error: DomainError): GraphqlCallerError =>
  new GraphqlCallerError(
    error instanceof Forbidden
      ? 'Forbidden'
      : error instanceof Conflict
        ? 'Conflict'
        : error instanceof NotFound
          ? 'NotFound'
          : 'BadRequest',
    error.message,
  );

/** AppSync's AWSJSON travels as a JSON string. */
const awsJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** What is not found (an unknown symbol) resolves to null, as a missing object does in GraphQL. */
async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

const isQueryField = (name: string): name is GraphqlQueryField =>
  Object.hasOwn(GRAPHQL_QUERIES, name);
const isCurationField = (parent: string, name: string): name is GraphqlCurationField =>
  parent === 'Query'
    ? Object.hasOwn(GRAPHQL_CURATION_QUERIES, name)
    : parent === 'Mutation' && Object.hasOwn(GRAPHQL_MUTATIONS, name);

/**
 * The caller of a user-pool field, from the verified token's claims AppSync hands over (locally,
 * the same verifier as the REST gateway's): no identity, or a revoked session, is Unauthorized.
 */
async function curatorOf(
  event: AppSyncResolverEvent<Record<string, unknown>>,
  revocations: SessionRevocations,
  now: Date,
): Promise<Caller> {
  const claims = (event.identity as AppSyncIdentityCognito | null | undefined)?.claims as
    Record<string, unknown> | undefined;
  let caller: Caller;
  try {
    caller = callerFrom({ requestContext: { authorizer: { claims } } } as never);
  } catch (error) {
    if (error instanceof HttpError) throw new GraphqlCallerError('Unauthorized', 'Unauthorized');
    throw error;
  }
  if (isRevoked(await revocations.state(caller.sub), caller, now.getTime())) {
    throw new GraphqlCallerError('Unauthorized', 'Unauthorized');
  }
  return caller;
}

/**
 * The AppSync direct Lambda resolver for every Query field of core/api/graphql.ts, arguments
 * validated by its schemas. Locally, graphql-js executes the same schema file and calls this same
 * function with an AppSync-shaped event. Domain errors are mapped here, once, for the GraphQL
 * edge: not found is null, the others the caller's error message.
 */
export function createGraphqlResolver({
  service,
  curation,
  clock = () => new Date(),
  demo,
}: GraphqlDeps) {
  const resolvers: Resolvers = {
    stock: ({ symbol }, now) =>
      orNull(async () => {
        const { record, profile } = await service.profile(symbol, now);
        return { ...profile, isin: record.isin, demo: record.demo || demo };
      }),
    quote: ({ symbol }, now) => orNull(() => service.quote(symbol, now)),
    indexes: (_args, now) => service.indexes(now),
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
  const { descriptions } = curation;
  const curationResolvers: CurationResolvers = {
    curatedDescription: ({ isin }, caller) => orNull(() => descriptions.get(caller, isin)),
    descriptionHistory: ({ isin }, caller) => descriptions.history(caller, isin),
    updateDescription: ({ isin, text, version }, caller) =>
      descriptions.update(caller, isin, text, version),
    restoreDescription: ({ isin, version, expectedVersion }, caller) =>
      descriptions.restore(caller, isin, version, expectedVersion),
  };

  /** A user-pool field: the caller first, refused (403) before their input is even read. */
  const resolveCuration = async (
    field: GraphqlCurationField,
    event: AppSyncResolverEvent<Record<string, unknown>>,
    now: Date,
  ): Promise<unknown> => {
    const caller = await curatorOf(event, curation.revocations, now);
    descriptions.assertCurator(caller);
    const parsed = CURATION_ARGS[field].safeParse(event.arguments ?? {});
    if (!parsed.success) throw new GraphqlCallerError('BadRequest', describeZodError(parsed.error));
    const resolve = curationResolvers[field] as (args: unknown, caller: Caller) => Promise<unknown>;
    return resolve(parsed.data, caller);
  };

  return async (event: AppSyncResolverEvent<Record<string, unknown>>): Promise<unknown> => {
    const field = event.info.fieldName;
    const parent = event.info.parentTypeName;
    try {
      if (isCurationField(parent, field)) return await resolveCuration(field, event, clock());
      if (parent !== 'Query' || !isQueryField(field)) {
        throw new GraphqlCallerError('BadRequest', `No resolver for ${parent}.${field}`);
      }
      const parsed = GRAPHQL_QUERIES[field].safeParse(event.arguments ?? {});
      if (!parsed.success) {
        throw new GraphqlCallerError('BadRequest', describeZodError(parsed.error));
      }
      const resolve = resolvers[field] as (args: unknown, now: Date) => Promise<unknown>;
      return await resolve(parsed.data, clock());
    } catch (error) {
      if (error instanceof GraphqlCallerError) throw error;
      if (error instanceof DomainError) throw callerError(error);
      // Internal details stay in the logs, not in the caller's response.
      logger.error('GraphQL resolver failed', { field, error });
      throw new Error('Internal error');
    }
  };
}
