import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppSyncResolverEvent } from 'aws-lambda';
import type { GraphQLError } from 'graphql';
import { buildSchema, graphql, type GraphQLFieldResolver } from 'graphql';

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

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * AppSync's stand-in: graphql-js executes the same schema file, and every Query field calls the
 * same direct Lambda resolver with an AppSync-shaped event. Errors come back as AppSync returns
 * them: HTTP 200 with an `errors` array (401 for a missing or wrong API key).
 */
export function createLocalGraphql(options: LocalGraphqlOptions) {
  const schema = buildSchema(APPSYNC_SCALARS + readFileSync(SCHEMA_PATH, 'utf8'));
  const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, _ctx, info) => {
    if (info.parentType.name !== 'Query') {
      // Nested fields read the object the Lambda returned, as AppSync's default resolvers do.
      return (source as Record<string, unknown> | null)?.[info.fieldName];
    }
    return options.resolver({
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
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return send(res, 405, { errors: [{ message: 'Use POST with a JSON body' }] });
    }
    if (req.headers['x-api-key'] !== options.apiKey) {
      return send(res, 401, {
        errors: [
          {
            errorType: 'UnauthorizedException',
            message: 'You are not authorized to make this call.',
          },
        ],
      });
    }
    const text = await readBody(req);
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      if (text === undefined) throw new Error('too large');
      body = JSON.parse(text) as typeof body;
    } catch {
      return send(res, 400, {
        errors: [{ message: 'The request body must be JSON up to 100 kB' }],
      });
    }
    if (typeof body.query !== 'string') {
      return send(res, 400, { errors: [{ message: 'The body needs a "query" string' }] });
    }
    const result = await graphql({
      schema,
      source: body.query,
      variableValues:
        body.variables && typeof body.variables === 'object'
          ? (body.variables as Record<string, unknown>)
          : undefined,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      fieldResolver,
    });
    send(res, 200, {
      ...result,
      ...(result.errors && {
        errors: result.errors.map((e: GraphQLError) => ({
          message: e.message,
          path: e.path,
          locations: e.locations,
          errorType: e.originalError?.name === 'BadRequest' ? 'BadRequest' : undefined,
        })),
      }),
    });
  };
}
