import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_GROUP, EDITOR_GROUP } from '../../core/constants';
import { TABLES, USERS_TABLE, type TableDefinition } from '../../core/tables';
import type { StatefulStack } from '../../infra/aws/stateful-stack';
import { OTP_SEAL_KEY_SECRET_ENV } from '../../lambdas/auth-triggers/seal-key';
import { actionsOf, roleStatements as statementsOf } from './role-statements';
import { sharedTestApp } from './synth';

let template: Template;
let region: string;
let stack: StatefulStack;

beforeAll(() => {
  const { stacks } = sharedTestApp();
  stack = stacks.stateful;
  region = stack.region;
  template = Template.fromStack(stack);
});

const keySchema = (partition: { name: string }, sort?: { name: string }) => [
  { AttributeName: partition.name, KeyType: 'HASH' },
  ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' }] : []),
];

function tableResource(definition: TableDefinition) {
  const tables = template.findResources('AWS::DynamoDB::GlobalTable', {
    Properties: { KeySchema: keySchema(definition.partitionKey, definition.sortKey) },
  });
  const matches = Object.values(tables);
  expect(matches, `one table keyed like ${definition.id}`).toHaveLength(1);
  return matches[0] as {
    Properties: Record<string, unknown>;
    DeletionPolicy: string;
    UpdateReplacePolicy: string;
  };
}

describe('stateful stack (SPEC §1, §5; core/tables.ts)', () => {
  it('deploys to us-east-2', () => {
    expect(region).toBe('us-east-2');
  });

  it('has exactly the three tables', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', TABLES.length);
  });

  it.each(TABLES.map((t) => [t.id, t] as const))(
    '%s: on-demand, PITR, deletion protection, retained, keys, GSIs and TTL as defined in core',
    (_, definition) => {
      const table = tableResource(definition);
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.UpdateReplacePolicy).toBe('Retain');
      expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      const replicas = table.Properties.Replicas as Record<string, unknown>[];
      expect(replicas).toHaveLength(1);
      expect(replicas[0]).toMatchObject({
        Region: 'us-east-2',
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
      const indexes = (table.Properties.GlobalSecondaryIndexes ?? []) as Record<string, unknown>[];
      expect(
        indexes.map((i) => ({
          IndexName: i.IndexName,
          KeySchema: i.KeySchema,
          Projection: i.Projection,
        })),
      ).toEqual(
        definition.globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: keySchema(index.partitionKey, index.sortKey),
          Projection: index.include
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] }
            : { ProjectionType: 'ALL' },
        })),
      );
      expect(table.Properties.TimeToLiveSpecification).toEqual(
        definition.ttlAttribute
          ? { AttributeName: definition.ttlAttribute, Enabled: true }
          : undefined,
      );
    },
  );

  it('user-files bucket: public access blocked, encrypted, versioned, retained, access-logged', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        VersioningConfiguration: { Status: 'Enabled' },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
          ],
        },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'user-files/' }),
      }),
    });
  });

  it('user-files bucket: CSV imports and exports (tagged working copies) expire after a day', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'user-files/' }),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          {
            Id: 'ExpireWorkingCopies',
            Status: 'Enabled',
            TagFilters: [{ Key: 'lifetime', Value: 'working-copy' }],
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          },
        ]),
      },
    });
  });

  it('every bucket denies requests without TLS', () => {
    const buckets = Object.keys(template.findResources('AWS::S3::Bucket'));
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy')) as {
      Properties: {
        Bucket: { Ref: string };
        PolicyDocument: { Statement: Record<string, unknown>[] };
      };
    }[];
    for (const bucket of buckets) {
      const policy = policies.find((p) => p.Properties.Bucket.Ref === bucket);
      expect(policy, `a policy for ${bucket}`).toBeDefined();
      expect(policy!.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('user pool: e-mail username (any case), e-mail verification, §5 password policy, MFA off, retained', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        MfaConfiguration: 'OFF',
        DeletionProtection: 'ACTIVE',
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        },
      }),
    });
  });

  it('user pool: Plus plan, threat protection enforced for standard and custom-auth sign-ins', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: {
        AdvancedSecurityMode: 'ENFORCED',
        AdvancedSecurityAdditionalFlows: { CustomAuthMode: 'ENFORCED' },
      },
    });
    const poolId = stack.getLogicalId(stack.identity.userPool.node.defaultChild as never);
    template.resourceCountIs('AWS::Cognito::UserPoolRiskConfigurationAttachment', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolRiskConfigurationAttachment', {
      UserPoolId: { Ref: poolId },
      ClientId: 'ALL',
      AccountTakeoverRiskConfiguration: {
        Actions: Match.objectLike({ HighAction: { EventAction: 'BLOCK', Notify: false } }),
      },
      CompromisedCredentialsRiskConfiguration: {
        Actions: { EventAction: 'BLOCK' },
        EventFilter: Match.arrayWith(['SIGN_IN', 'SIGN_UP', 'PASSWORD_CHANGE']),
      },
    });
  });

  it('user pool groups admin and editor', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 2);
    for (const name of [ADMIN_GROUP, EDITOR_GROUP]) {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: name });
    }
  });

  it('SPA app client: no secret, custom auth (SRP inside) + refresh only, no existence leaks, revocable tokens', () => {
    const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as {
      Properties: Record<string, unknown>;
    }[];
    expect(clients).toHaveLength(1);
    const client = clients[0]!.Properties;
    expect(client.GenerateSecret).toBe(false);
    // No USER_SRP_AUTH or USER_PASSWORD_AUTH: they issue tokens from the password alone,
    // without the define trigger's decision on the code step.
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    // RevokeToken works, and the sign-in (SRP, then the code) has Cognito's 3 minutes.
    expect(client.EnableTokenRevocation).toBe(true);
    expect(client.AuthSessionValidity).toBe(3);
    // No hosted-UI OAuth flows: the SPA signs in through the user-pool API only.
    expect(client.AllowedOAuthFlows).toBeUndefined();
    expect(client.CallbackURLs).toBeUndefined();
  });
});

/** The statements of the policies on a function's role. */
const roleStatements = (functionLogicalId: string) => statementsOf(template, functionLogicalId);

describe('user pool triggers (SPEC §4 OTP step, users records)', () => {
  const ids = () => {
    const { define, create, verify, postConfirmation } = stack.authTriggers;
    const id = (fn: typeof define) => stack.getLogicalId(fn.node.defaultChild as never);
    return {
      define: id(define),
      create: id(create),
      verify: id(verify),
      post: id(postConfirmation),
    };
  };

  it('wires each trigger to its own function', () => {
    const { define, create, verify, post } = ids();
    expect(new Set([define, create, verify, post]).size).toBe(4);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        DefineAuthChallenge: { 'Fn::GetAtt': [define, 'Arn'] },
        CreateAuthChallenge: { 'Fn::GetAtt': [create, 'Arn'] },
        VerifyAuthChallengeResponse: { 'Fn::GetAtt': [verify, 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [post, 'Arn'] },
      },
    });
  });

  it('lets the user pool, and only it, invoke the four functions', () => {
    const poolId = stack.getLogicalId(stack.identity.userPool.node.defaultChild as never);
    for (const fn of Object.values(ids())) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [fn, 'Arn'] },
        Principal: 'cognito-idp.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
      });
    }
  });

  it('answers within Cognito’s 5-second trigger limit', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    for (const fn of Object.values(ids())) {
      expect((functions[fn] as { Properties: { Timeout: number } }).Properties.Timeout).toBe(5);
    }
  });

  it('create texts through SNS and reads the sealing key; nothing else can', () => {
    const { define, create, verify, post } = ids();
    const createStatements = roleStatements(create);
    const sms = createStatements.filter((s) => actionsOf([s]).includes('sns:Publish'));
    expect(sms).toHaveLength(1);
    // Phone numbers only: every SNS ARN (topics, platform endpoints) is outside the grant, and
    // there is no Resource at all, let alone a bare "*".
    expect(sms[0]).toMatchObject({ Effect: 'Allow', Action: 'sns:Publish' });
    expect(sms[0]!.Resource).toBeUndefined();
    expect(JSON.stringify(sms[0]!.NotResource)).toMatch(
      /^\{"Fn::Join":\["",\["arn:",\{"Ref":"AWS::Partition"\},":sns:\*:\*:\*"\]\]\}$/,
    );
    expect(
      createStatements.filter((s) => s.Resource === '*').flatMap((s) => actionsOf([s])),
    ).toEqual(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']);
    const secretId = Object.keys(template.findResources('AWS::SecretsManager::Secret')).find(
      (key) => key.includes('OtpSealKey'),
    )!;
    expect(createStatements).toContainEqual(
      expect.objectContaining({
        Action: expect.arrayContaining(['secretsmanager:GetSecretValue']) as string[],
        Resource: { Ref: secretId },
      }),
    );
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ [OTP_SEAL_KEY_SECRET_ENV]: { Ref: secretId } }),
      },
    });
    for (const other of [define, verify, post]) {
      const actions = actionsOf(roleStatements(other));
      expect(actions).not.toContain('sns:Publish');
      expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(false);
    }
  });

  it('gives each trigger the users-table actions its code makes, on that table only', () => {
    const { define, create, verify, post } = ids();
    const usersTableId = Object.keys(template.findResources('AWS::DynamoDB::GlobalTable')).find(
      (key) => key.toLowerCase().includes(USERS_TABLE.id.toLowerCase()),
    )!;
    const dynamoOf = (fn: string) =>
      roleStatements(fn).filter((s) => actionsOf([s]).some((a) => a.startsWith('dynamodb:')));
    const writes = (fn: string) =>
      actionsOf(dynamoOf(fn))
        .filter((a) => /Put|Update|Delete|Write/.test(a))
        .sort();
    // define reads devices and revocations; create writes send-cap windows; post-confirmation a
    // record; verify also forgets the oldest remembered devices. Nobody batch-writes or scans.
    expect(writes(define)).toEqual([]);
    expect(writes(create)).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(writes(post)).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(writes(verify)).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    for (const fn of [define, create, verify, post]) {
      const dynamo = dynamoOf(fn);
      expect(actionsOf(dynamo)).toEqual(expect.arrayContaining(['dynamodb:GetItem']));
      expect(actionsOf(dynamo)).not.toContain('dynamodb:Scan');
      expect(JSON.stringify(dynamo.map((s) => s.Resource))).toContain(usersTableId);
      expect(JSON.stringify(dynamo.map((s) => s.Resource))).not.toMatch(/stocks/i);
      const functions = template.findResources('AWS::Lambda::Function');
      const variables = (
        functions[fn] as { Properties: { Environment: { Variables: Record<string, unknown> } } }
      ).Properties.Environment.Variables;
      expect(variables[USERS_TABLE.envVar]).toEqual({ Ref: usersTableId });
    }
  });
});
