import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API } from '../../core/api/account';
import { ADMIN_QUERIES_API } from '../../core/api/admin-queries';
import { ASSET_API } from '../../core/api/asset';
import { routesOf } from '../../core/api/contract';
import { SUBSCRIPTION_API } from '../../core/api/subscription';

const ASSET_ROUTES = routesOf(ASSET_API);
const SUBSCRIPTION_ROUTES = routesOf(SUBSCRIPTION_API);
const ADMIN_QUERIES_ROUTES = routesOf(ADMIN_QUERIES_API);
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';
import { GRAPHQL_FIELDS, GRAPHQL_QUERY_FIELDS } from '../../infra/aws/graphql-api';
import { actionsOf, roleStatements, type Statement } from './role-statements';
import { sharedTestApp, type TestApp } from './synth';

let template: Template;
let stacks: TestApp['stacks'];

beforeAll(() => {
  stacks = sharedTestApp().stacks;
  expect(stacks.stateless.region).toBe('us-east-2');
  template = Template.fromStack(stacks.stateless);
});

/** Every DynamoDB action that changes an item. */
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:PartiQLInsert',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
  'dynamodb:*',
];

/** The logical ids of the API functions. */
const functionIds = () => {
  const id = (construct: { node: { defaultChild?: unknown } }) =>
    stacks.stateless.getLogicalId(construct.node.defaultChild as never);
  const fn = (name: string) => id(stacks.stateless.node.findChild(name).node.findChild('Function'));
  return {
    subscription: fn('SubscriptionFunction'),
    adminQueries: fn('AdminQueriesFunction'),
    graphql: fn('GraphqlFunction'),
    graphqlCuration: fn('GraphqlCurationFunction'),
  };
};

type Resource = { Properties: Record<string, unknown> };
const resources = (type: string, props?: Record<string, unknown>) =>
  Object.values(
    template.findResources(type, props ? { Properties: props } : undefined),
  ) as Resource[];

describe('stateless stack: functions and APIs', () => {
  it('runs every function on Node.js 22, arm64, with tracing', () => {
    const functions = resources('AWS::Lambda::Function').filter(
      (f) => (f.Properties.Description as string | undefined)?.includes('API') ?? false,
    );
    expect(functions.length).toBeGreaterThanOrEqual(3);
    for (const fn of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });

  it('exposes each asset route as a public GET method and nothing else', () => {
    const methods = resources('AWS::ApiGateway::Method', { HttpMethod: 'GET' });
    const publicMethods = methods.filter((m) => m.Properties.AuthorizationType === 'NONE');
    expect(publicMethods.length).toBe(ASSET_ROUTES.length);
  });

  it('puts a Cognito authorizer on every subscription, AdminQueries and account route', () => {
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 3);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', { Type: 'COGNITO_USER_POOLS' });
    const authorised = resources('AWS::ApiGateway::Method', {
      AuthorizationType: 'COGNITO_USER_POOLS',
    });
    expect(authorised.length).toBe(
      SUBSCRIPTION_ROUTES.length +
        ADMIN_QUERIES_ROUTES.length +
        Object.keys(ACCOUNT_API.endpoints).length,
    );
  });

  it('logs and throttles every API stage', () => {
    for (const stage of resources('AWS::ApiGateway::Stage')) {
      expect(stage.Properties.AccessLogSetting).toBeDefined();
      expect(stage.Properties.TracingEnabled).toBe(true);
      expect(stage.Properties.MethodSettings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ ThrottlingRateLimit: expect.any(Number) as number }),
        ]),
      );
    }
  });

  it('grants table access on named indexes only (no index wildcard, no Scan)', () => {
    const policies = JSON.stringify(resources('AWS::IAM::Policy'));
    expect(policies).not.toContain('/index/*');
    expect(policies).not.toContain('dynamodb:Scan');
    expect(policies).toContain('/index/bySymbol');
  });

  it('serves the GraphQL schema with API-key auth, the user pool as a second mode, one resolver per field', () => {
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      AuthenticationType: 'API_KEY',
      AdditionalAuthenticationProviders: [
        {
          AuthenticationType: 'AMAZON_COGNITO_USER_POOLS',
          UserPoolConfig: Match.objectLike({ UserPoolId: Match.anyValue() }),
        },
      ],
      XrayEnabled: true,
      LogConfig: Match.objectLike({ FieldLogLevel: 'ERROR' }),
    });
    template.resourceCountIs('AWS::AppSync::ApiKey', 1);
    const resolvers = resources('AWS::AppSync::Resolver');
    expect(
      resolvers.map((r) => `${r.Properties.TypeName}.${r.Properties.FieldName}`).sort(),
    ).toEqual(GRAPHQL_FIELDS.map((f) => `${f.typeName}.${f.fieldName}`).sort());
    template.hasResourceProperties('AWS::AppSync::GraphQLSchema', {
      Definition: Match.stringLikeRegexp('type Query'),
    });
  });

  it('lets only the curation resolver write, and only single stocks-table items', () => {
    const dynamoStatements = (id: string) =>
      roleStatements(template, id).filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('dynamodb:')),
      );
    const writes = (id: string) =>
      dynamoStatements(id).filter((s) => actionsOf([s]).some((a) => WRITE_ACTIONS.includes(a)));
    const { graphql, graphqlCuration } = functionIds();
    expect(writes(graphql)).toEqual([]);
    const [write, ...others] = writes(graphqlCuration);
    expect(others).toEqual([]);
    expect(actionsOf([write!])).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(actionsOf([write!])).not.toContain('dynamodb:BatchWriteItem');
    expect(JSON.stringify(write!.Resource)).toMatch(/Stocks/i);
    expect(JSON.stringify(write!.Resource)).not.toMatch(/Users/i);
    // The users table is read (editors' sets, revocations), never written.
    const users = dynamoStatements(graphqlCuration).filter((s) =>
      /Users/i.test(JSON.stringify(s.Resource)),
    );
    expect(users).toHaveLength(1);
  });

  it('limits query depth and resolver calls per request to the numbers the local server enforces', () => {
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      QueryDepthLimit: GRAPHQL_LIMITS.maxDepth,
      ResolverCountLimit: GRAPHQL_LIMITS.maxResolvers,
    });
    // Batched direct Lambda resolvers: the aliases of a public field reach the Lambda as one
    // batch; curation fields are one authorised call each.
    const publicFields = new Set(GRAPHQL_QUERY_FIELDS as readonly string[]);
    for (const resolver of resources('AWS::AppSync::Resolver')) {
      expect(resolver.Properties.MaxBatchSize).toBe(
        publicFields.has(resolver.Properties.FieldName as string)
          ? GRAPHQL_LIMITS.maxResolvers
          : undefined,
      );
      expect(resolver.Properties.RequestMappingTemplate).toBeUndefined();
    }
  });
});

describe('stateless stack: AdminQueries API', () => {
  type Statement = { Action: string | string[]; Resource: unknown };
  type Policy = { Properties: { PolicyDocument: { Statement: Statement[] }; Roles: unknown } };

  const adminApi = () => {
    const apis = template.findResources('AWS::ApiGateway::RestApi', {
      Properties: { Description: Match.stringLikeRegexp('AdminQueries') },
    });
    expect(Object.keys(apis)).toHaveLength(1);
    const apiId = Object.keys(apis)[0]!;
    const authorizers = Object.entries(
      template.findResources('AWS::ApiGateway::Authorizer', {
        Properties: { RestApiId: { Ref: apiId } },
      }),
    ) as [string, Resource][];
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    return { apiId, authorizerId, poolArn: (authorizer.Properties.ProviderARNs as unknown[])[0] };
  };

  it('puts its user-pool authorizer on every AdminQueries method, one per route', () => {
    const { apiId, authorizerId, poolArn } = adminApi();
    expect(poolArn).toBeDefined();
    const pathOf = (resourceId: { Ref: string }) =>
      (template.toJSON() as { Resources: Record<string, Resource> }).Resources[resourceId.Ref]!
        .Properties.PathPart;
    const methods = resources('AWS::ApiGateway::Method', { RestApiId: { Ref: apiId } }).filter(
      (m) => m.Properties.HttpMethod !== 'OPTIONS',
    );
    expect(
      methods
        .map(
          (m) =>
            `${m.Properties.HttpMethod as string} /${pathOf(m.Properties.ResourceId as { Ref: string }) as string}`,
        )
        .sort(),
    ).toEqual(ADMIN_QUERIES_ROUTES.map((r) => `${r.method} ${r.resource}`).sort());
    for (const method of methods) {
      expect(method.Properties).toMatchObject({
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: { Ref: authorizerId },
      });
    }
  });

  it('grants exactly its six cognito-idp actions, on the pool ARN only, to its function only', () => {
    const { poolArn } = adminApi();
    const policies = resources('AWS::IAM::Policy') as unknown as Policy[];
    const grants = policies
      .flatMap((policy) =>
        policy.Properties.PolicyDocument.Statement.filter((s) =>
          [s.Action].flat().some((a) => a.startsWith('cognito-idp:')),
        ).map((statement) => ({ statement, roles: JSON.stringify(policy.Properties.Roles) })),
      )
      .filter(({ roles }) => /AdminQueriesFunctionServiceRole/.test(roles));
    expect(grants).toHaveLength(1);
    const { statement, roles } = grants[0]!;
    expect([statement.Action].flat().sort()).toEqual([
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:DescribeUserPool',
      'cognito-idp:ListUsers',
      'cognito-idp:ListUsersInGroup',
    ]);
    expect(statement.Resource).toEqual(poolArn);
    expect(roles).toMatch(/AdminQueriesFunctionServiceRole/);
  });

  it('reads, creates and updates users-table records, and can delete none', () => {
    const { adminQueries } = functionIds();
    const dynamo = roleStatements(template, adminQueries).filter((s) =>
      actionsOf([s]).some((a) => a.startsWith('dynamodb:')),
    );
    expect(dynamo.length).toBeGreaterThan(0);
    const actions = actionsOf(dynamo);
    // The users repository: GetItem (get, getPermissions), a conditional PutItem (createIfAbsent)
    // and the conditional, versioned UpdateItem of an editor's permission set.
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
    );
    expect(actions).not.toContain('dynamodb:DeleteItem');
    expect(actions).not.toContain('dynamodb:BatchWriteItem');
    const text = JSON.stringify(dynamo);
    expect(text).toMatch(/GetAttusers/);
    expect(text).not.toMatch(/GetAttstocks/i);
  });
});

describe('stateless stack: subscription API', () => {
  it('writes items of the users table only, deletes included (a portfolio’s transactions), never in batches', () => {
    const { subscription } = functionIds();
    const statements = roleStatements(template, subscription);
    const dynamo = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('dynamodb:')));
    expect(JSON.stringify(dynamo)).toMatch(/GetAttusers/);
    // Read only: an alert's symbol must be a listed one.
    expect(JSON.stringify(dynamo)).toMatch(/GetAttstocks/i);
    expect(JSON.stringify(dynamo)).not.toMatch(/paymentWebhookEvents/i);
    const actions = actionsOf(dynamo);
    expect(actions).toContain('dynamodb:GetItem');
    const writes = WRITE_ACTIONS.filter((w) => actions.includes(w));
    expect(writes.sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    // Besides tracing: the Stripe key, the site URL and e-mail (test/cdk/payments.test.ts), the
    // user files (below), and the provider's key (a portfolio summary's quotes and bars).
    expect(
      actionsOf(statements)
        .filter((a) => !/^(xray|dynamodb|s3):/.test(a))
        .sort(),
    ).toEqual([
      'secretsmanager:GetSecretValue',
      'secretsmanager:GetSecretValue',
      'ses:SendEmail',
      'ssm:GetParameter',
    ]);
  });

  it('reads the stocks table (a CSV import resolves symbols and ISINs) and never writes it', () => {
    const statements = roleStatements(template, functionIds().subscription);
    const stocks = statements.filter((s) => /GetAttstocks/i.test(JSON.stringify(s.Resource)));
    expect(stocks.length).toBeGreaterThan(0);
    expect(WRITE_ACTIONS.filter((w) => actionsOf(stocks).includes(w))).toEqual([]);
  });

  it('may put, tag and get objects under users/ of the user-files bucket, and nothing else of S3', () => {
    const { subscription } = functionIds();
    // Its inline policies hold no S3 action: the bucket's own access policy is attached instead.
    expect(
      actionsOf(roleStatements(template, subscription)).filter((a) => a.startsWith('s3:')),
    ).toEqual([]);
    const fn = template.findResources('AWS::Lambda::Function')[subscription] as Resource;
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    const role = template.findResources('AWS::IAM::Role')[roleId] as Resource;
    expect(JSON.stringify(role.Properties.ManagedPolicyArns)).toMatch(
      /ExportsOutputRefUserFilesAccessPolicy/,
    );
    const stateful = Template.fromStack(stacks.stateful);
    const policies = Object.values(stateful.findResources('AWS::IAM::ManagedPolicy')) as Resource[];
    expect(policies).toHaveLength(1);
    const statements = (policies[0]!.Properties.PolicyDocument as { Statement: Statement[] })
      .Statement;
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements).sort()).toEqual([
      's3:GetObject',
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    const resource = JSON.stringify(statements[0]!.Resource);
    expect(resource).toMatch(/UserFilesBucket[A-Za-z0-9]*/);
    expect(resource).toContain('/users/*');
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(JSON.stringify(env.USER_FILES_BUCKET)).toMatch(/UserFilesBucket/);
  });

  it('puts the user-files bucket’s CORS for the site’s origin: POST only', () => {
    const [cors] = Object.values(template.findResources('Custom::AWS')).filter((r) =>
      JSON.stringify(r).includes('putBucketCors'),
    ) as { Properties: { Create: unknown } }[];
    const create = JSON.stringify(cors!.Properties.Create);
    expect(create).toContain('AllowedMethods\\":[\\"POST\\"]');
    expect(create).toMatch(/https:\/\/.*DomainName/);
    expect(create).not.toContain('\\"*\\"]},\\"AllowedOrigins');
  });
});

describe('stateless stack: price-alert evaluator', () => {
  const evaluatorId = () =>
    stacks.stateless.getLogicalId(
      stacks.stateless.alertEvaluator.function.fn.node.defaultChild as never,
    );

  it('runs each minute from an EventBridge rule, without retries (the next run is the retry)', () => {
    const rules = resources('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
    expect(rules).toHaveLength(1);
    const [target] = rules[0]!.Properties.Targets as { Arn: unknown; RetryPolicy: unknown }[];
    expect(JSON.stringify(target!.Arn)).toContain(evaluatorId());
    expect(target!.RetryPolicy).toEqual({ MaximumRetryAttempts: 0 });
    const fn = template.findResources('AWS::Lambda::Function')[evaluatorId()] as Resource;
    expect(fn.Properties.Timeout).toBeLessThan(60);
  });

  it('writes and deletes single items of both tables, never batches, e-mails from the product only', () => {
    const statements = roleStatements(template, evaluatorId());
    const dynamo = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('dynamodb:')));
    const text = JSON.stringify(dynamo);
    expect(text).toMatch(/GetAttusers/);
    expect(text).toMatch(/GetAttstocks/);
    expect(text).toContain('/index/byArmedAlerts');
    expect(text).not.toMatch(/paymentWebhookEvents/i);
    // Verdict alerts: it deletes the holders-index entries of users who no longer hold a symbol
    // (users table) and the marks of symbols it evaluated (stocks table), one item at a time.
    for (const table of ['GetAttusers', 'GetAttstocks']) {
      const on = dynamo.filter((s) => JSON.stringify(s.Resource).includes(table));
      expect(WRITE_ACTIONS.filter((w) => actionsOf(on).includes(w)).sort(), table).toEqual([
        'dynamodb:DeleteItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ]);
    }
    expect(
      actionsOf(statements)
        .filter((a) => !a.startsWith('xray:') && !a.startsWith('dynamodb:'))
        .sort(),
    ).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue', 'ses:SendEmail']);
    const [ses] = statements.filter((s) =>
      actionsOf([s]).includes('ses:SendEmail'),
    ) as (Statement & {
      Condition: unknown;
    })[];
    expect(ses!.Condition).toEqual({
      StringEquals: { 'ses:FromAddress': expect.stringContaining('@') },
    });
  });
});
