import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_GROUP, EDITOR_GROUP } from '../../core/constants';
import { TABLES, type TableDefinition } from '../../core/tables';
import { buildTestApp } from './synth';

let template: Template;
let region: string;

beforeAll(() => {
  const { stacks } = buildTestApp();
  region = stacks.stateful.region;
  template = Template.fromStack(stacks.stateful);
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
          Projection: { ProjectionType: 'ALL' },
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

  it('user pool: e-mail username, e-mail verification, §5 password policy, MFA off, retained', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
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

  it('user pool groups admin and editor', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 2);
    for (const name of [ADMIN_GROUP, EDITOR_GROUP]) {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: name });
    }
  });

  it('SPA app client: no secret, SRP + custom auth + refresh, no existence leaks', () => {
    const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as {
      Properties: Record<string, unknown>;
    }[];
    expect(clients).toHaveLength(1);
    const client = clients[0]!.Properties;
    expect(client.GenerateSecret).toBe(false);
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    // No hosted-UI OAuth flows: the SPA signs in through the user-pool API only.
    expect(client.AllowedOAuthFlows).toBeUndefined();
    expect(client.CallbackURLs).toBeUndefined();
  });
});

describe('user pool triggers (SPEC §4 OTP step, users records)', () => {
  it('wires define, create and verify auth challenge and post-confirmation', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        DefineAuthChallenge: Match.anyValue(),
        CreateAuthChallenge: Match.anyValue(),
        VerifyAuthChallengeResponse: Match.anyValue(),
        PostConfirmation: Match.anyValue(),
      },
    });
  });
});
