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
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
} from 'graphql';
import { APPSYNC_PRELUDE, GRAPHQL_ERROR_TYPES } from '../../core/api/graphql';
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';
import { graphqlLimitRules } from './graphql-limit-rules';
import type { IdTokenVerifier, VerifiedClaims } from './jwt';
import { discardBody, readBody } from './request-body';
import { sendJson } from './write-result';

const MAX_BODY_BYTES = 100_000;

/** AppSync's auth modes: API_KEY (the default) and AMAZON_COGNITO_USER_POOLS (additional). */
type AuthMode = 'apiKey' | 'userPool';
const MODE_DIRECTIVES: Record<string, AuthMode> = {
  aws_api_key: 'apiKey',
  aws_cognito_user_pools: 'userPool',
};

const modesOf = (node: GraphQLField<unknown, unknown> | GraphQLObjectType): AuthMode[] =>
  (node.astNode?.directives ?? []).flatMap((d) => MODE_DIRECTIVES[d.name.value] ?? []);

/**
 * AppSync's rule for which modes reach a field: the field's auth directives, else its type's,
 * else only the default mode (the API key). So a user-pool field refuses the API key, and a
 * public field (no directive) refuses a request signed with a user-pool token.
 */
const allowedModes = (
  field: GraphQLField<unknown, unknown>,
  parent: GraphQLObjectType,
): AuthMode[] => {
  const onField = modesOf(field);
  if (onField.length > 0) return onField;
  const onType = modesOf(parent);
  return onType.length > 0 ? onType : ['apiKey'];
};

/** AppSync's field-level refusal. */
class UnauthorizedFieldError extends Error {
  override readonly name = 'Unauthorized';
}

export const SCHEMA_PATH = new URL('../../lambdas/graphql/schema.graphql', import.meta.url);

export type AppSyncResolver = (
  event: AppSyncResolverEvent<Record<string, unknown>>,
) => Promise<unknown>;

export interface LocalGraphqlOptions {
  readonly resolver: AppSyncResolver;
  /** The API key callers must send as x-api-key, as AppSync's API-key auth requires. */
  readonly apiKey: string;
  /**
   * Verifies the Cognito ID token a user-pool request sends as Authorization (AppSync's
   * additional mode): the REST gateway's verifier. Without it, only the API key is accepted.
   */
  readonly verifier?: IdTokenVerifier;
}

/** Per request: its auth, and each Query field with its arguments, resolved once. */
interface RequestContext {
  readonly mode: AuthMode;
  /** The verified token's claims in user-pool mode, as AppSync's identity carries them. */
  readonly claims?: VerifiedClaims;
  readonly resolved: Map<string, Promise<unknown>>;
}

/** The errorTypes the resolver reports (lambdas/graphql/resolver.ts) and AppSync's Unauthorized. */
const ERROR_TYPES: ReadonlySet<string> = new Set(GRAPHQL_ERROR_TYPES);

const formatError = (e: GraphQLError) => ({
  message: e.message,
  path: e.path,
  locations: e.locations,
  errorType:
    e.originalError && ERROR_TYPES.has(e.originalError.name) ? e.originalError.name : undefined,
});

const unauthorized = (res: ServerResponse) =>
  sendJson(res, 401, {
    errors: [
      { errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' },
    ],
  });

/**
 * The request's auth mode, as AppSync decides it: an Authorization header is a user-pool token
 * and must verify; otherwise the x-api-key must be the API's key. Null: refused (401).
 */
async function authenticate(
  req: IncomingMessage,
  options: LocalGraphqlOptions,
): Promise<Pick<RequestContext, 'mode' | 'claims'> | null> {
  const token = req.headers.authorization?.replace(/^Bearer /i, '');
  if (token) {
    if (!options.verifier) return null;
    try {
      return { mode: 'userPool', claims: await options.verifier.verify(token) };
    } catch {
      return null;
    }
  }
  return req.headers['x-api-key'] === options.apiKey ? { mode: 'apiKey' } : null;
}

/** A document that cannot run (syntax, validation, limits) is refused before any resolver runs. */
const refuse = (res: ServerResponse, errors: readonly GraphQLError[]) =>
  sendJson(res, 400, { errors: errors.map(formatError) });

/**
 * AppSync's stand-in: graphql-js executes the same schema file, and every Query and Mutation field
 * calls the same direct Lambda resolver with an AppSync-shaped event. Auth as AppSync's multi-auth:
 * the API key by default, a Cognito ID token (Authorization) for the @aws_cognito_user_pools
 * fields and types, each field refused (errorType Unauthorized) in a mode it does not allow. Field
 * errors come back as AppSync returns them: HTTP 200 with an `errors` array (401 for a missing or
 * wrong API key or token). A document
 * over GRAPHQL_LIMITS (tokens, depth, aliases, resolver calls) gets 400 without being executed.
 */
export function createLocalGraphql(options: LocalGraphqlOptions) {
  const schema = buildSchema(APPSYNC_PRELUDE + readFileSync(SCHEMA_PATH, 'utf8'));
  const fieldResolver: GraphQLFieldResolver<unknown, RequestContext> = (
    source,
    args,
    context,
    info,
  ) => {
    const field = info.parentType.getFields()[info.fieldName]!;
    if (!allowedModes(field, info.parentType).includes(context.mode)) {
      throw new UnauthorizedFieldError(
        `Not Authorized to access ${info.fieldName} on type ${info.parentType.name}`,
      );
    }
    const root = info.parentType.name === 'Query' || info.parentType.name === 'Mutation';
    if (!root) {
      // Nested fields read the object the Lambda returned, as AppSync's default resolvers do.
      return (source as Record<string, unknown> | null)?.[info.fieldName];
    }
    // graphql-js coerces arguments in the schema's order, so equal arguments give equal keys.
    // Mutations are never shared: each one is a write of its own.
    const key = `${info.parentType.name}.${info.fieldName}:${JSON.stringify(args)}`;
    let result = info.parentType.name === 'Query' ? context.resolved.get(key) : undefined;
    if (!result) {
      result = options.resolver({
        arguments: args as Record<string, unknown>,
        source: null,
        // AppSync's Cognito identity: the token's claims (here as API Gateway flattens them,
        // which the resolver's claim reader takes as well).
        identity: context.claims
          ? {
              sub: context.claims.sub,
              username: context.claims['cognito:username'],
              claims: context.claims,
              defaultAuthStrategy: 'ALLOW',
            }
          : null,
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
    const auth = await authenticate(req, options);
    if (!auth) {
      discardBody(req);
      return unauthorized(res);
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
      contextValue: { ...auth, resolved: new Map() } satisfies RequestContext,
    });
    sendJson(res, 200, {
      ...result,
      ...(result.errors && { errors: result.errors.map(formatError) }),
    });
  };
}
