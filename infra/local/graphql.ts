import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppSyncResolverEvent } from 'aws-lambda';
import {
  buildSchema,
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
} from 'graphql';
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';
import { graphqlLimitRules } from './graphql-limit-rules';
import { discardBody, readBody } from './request-body';
import { sendJson } from './write-result';

/** The AppSync scalars the schema uses, declared for graphql-js (AppSync predefines them). */
const APPSYNC_SCALARS = 'scalar AWSJSON\nscalar AWSDate\n';
const MAX_BODY_BYTES = 100_000;

export const SCHEMA_PATH = new URL('../../lambdas/graphql/schema.graphql', import.meta.url);

export type AppSyncResolver = (
  event: AppSyncResolverEvent<Record<string, unknown>>,
) => Promise<unknown>;

export interface LocalGraphqlOptions {
  readonly resolver: AppSyncResolver;
  /** The API key callers must send as x-api-key, as AppSync's API-key auth requires. */
  readonly apiKey: string;
}

/** Per request: each Query field with its arguments, resolved once however often it is asked. */
interface RequestContext {
  readonly resolved: Map<string, Promise<unknown>>;
}

const formatError = (e: GraphQLError) => ({
  message: e.message,
  path: e.path,
  locations: e.locations,
  errorType: e.originalError?.name === 'BadRequest' ? 'BadRequest' : undefined,
});

/** A document that cannot run (syntax, validation, limits) is refused before any resolver runs. */
const refuse = (res: ServerResponse, errors: readonly GraphQLError[]) =>
  sendJson(res, 400, { errors: errors.map(formatError) });

/**
 * AppSync's stand-in: graphql-js executes the same schema file, and every Query field calls the
 * same direct Lambda resolver with an AppSync-shaped event. Field errors come back as AppSync
 * returns them: HTTP 200 with an `errors` array (401 for a missing or wrong API key). A document
 * over GRAPHQL_LIMITS (tokens, depth, aliases, resolver calls) gets 400 without being executed.
 */
export function createLocalGraphql(options: LocalGraphqlOptions) {
  const schema = buildSchema(APPSYNC_SCALARS + readFileSync(SCHEMA_PATH, 'utf8'));
  const fieldResolver: GraphQLFieldResolver<unknown, RequestContext> = (
    source,
    args,
    context,
    info,
  ) => {
    if (info.parentType.name !== 'Query') {
      // Nested fields read the object the Lambda returned, as AppSync's default resolvers do.
      return (source as Record<string, unknown> | null)?.[info.fieldName];
    }
    // graphql-js coerces arguments in the schema's order, so equal arguments give equal keys.
    const key = `${info.fieldName}:${JSON.stringify(args)}`;
    let result = context.resolved.get(key);
    if (!result) {
      result = options.resolver({
        arguments: args as Record<string, unknown>,
        source: null,
        identity: null,
        request: { headers: {}, domainName: null },
        prev: null,
        stash: {},
        info: {
          fieldName: info.fieldName,
          parentTypeName: info.parentType.name,
          variables: info.variableValues,
          selectionSetList: [],
          selectionSetGraphQL: '',
        },
      } as unknown as AppSyncResolverEvent<Record<string, unknown>>);
      context.resolved.set(key, result);
    }
    return result;
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') {
      discardBody(req);
      res.setHeader('Allow', 'POST');
      return sendJson(res, 405, { errors: [{ message: 'Use POST with a JSON body' }] });
    }
    if (req.headers['x-api-key'] !== options.apiKey) {
      discardBody(req);
      return sendJson(res, 401, {
        errors: [
          {
            errorType: 'UnauthorizedException',
            message: 'You are not authorized to make this call.',
          },
        ],
      });
    }
    const raw = await readBody(req, MAX_BODY_BYTES);
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      if (raw === 'too-large') throw new Error('too large');
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      return sendJson(res, 400, {
        errors: [{ message: 'The request body must be JSON up to 100 kB' }],
      });
    }
    if (typeof body?.query !== 'string') {
      return sendJson(res, 400, { errors: [{ message: 'The body needs a "query" string' }] });
    }
    const variableValues =
      body.variables && typeof body.variables === 'object'
        ? (body.variables as Record<string, unknown>)
        : undefined;
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;

    let document: DocumentNode;
    try {
      document = parse(body.query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
      // The cheap limit rules first: the standard rules are quadratic in repeated fields, which is
      // where 1,000 aliases spent their seconds.
      const limitErrors = validate(
        schema,
        document,
        graphqlLimitRules({ variables: variableValues, operationName }),
      );
      if (limitErrors.length > 0) return refuse(res, limitErrors);
      const errors = validate(schema, document);
      if (errors.length > 0) return refuse(res, errors);
    } catch (error) {
      if (error instanceof GraphQLError) return refuse(res, [error]);
      throw error;
    }
    const result = await execute({
      schema,
      document,
      variableValues,
      operationName,
      fieldResolver,
      contextValue: { resolved: new Map() } satisfies RequestContext,
    });
    sendJson(res, 200, {
      ...result,
      ...(result.errors && { errors: result.errors.map(formatError) }),
    });
  };
}
