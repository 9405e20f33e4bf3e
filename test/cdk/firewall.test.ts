import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_CONTEXT, ORIGIN_VERIFY_HEADER } from '../../infra/aws/origin-verify';
import { RATE_LIMITS } from '../../infra/aws/waf-rules';
import { buildTestApp, sharedTestApp, type TestApp } from './synth';

type Resource = { Properties: Record<string, unknown>; DependsOn?: string[] };
type Rule = {
  Name: string;
  Priority: number;
  Action?: Record<string, unknown>;
  OverrideAction?: Record<string, unknown>;
  Statement: Record<string, unknown>;
  VisibilityConfig: { CloudWatchMetricsEnabled: boolean; MetricName: string };
};
type Origin = {
  Id: string;
  S3OriginConfig?: unknown;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
};

let stacks: TestApp['stacks'];
let edge: Template;
let stateless: Template;
let stateful: Template;

beforeAll(() => {
  stacks = sharedTestApp().stacks;
  edge = Template.fromStack(stacks.edge);
  stateless = Template.fromStack(stacks.stateless);
  stateful = Template.fromStack(stacks.stateful);
});

const only = (template: Template, type: string): [string, Resource] => {
  const found = Object.entries(template.findResources(type)) as [string, Resource][];
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const rulesOf = (acl: Resource) => acl.Properties.Rules as Rule[];
const rule = (acl: Resource, name: string) => {
  const found = rulesOf(acl).find((r) => r.Name === name);
  expect(found, `rule ${name}`).toBeDefined();
  return found!;
};
const rateOf = (r: Rule) =>
  (r.Statement as { RateBasedStatement: Record<string, unknown> }).RateBasedStatement;
const managedGroups = (acl: Resource) =>
  rulesOf(acl).flatMap((r) => {
    const group = r.Statement.ManagedRuleGroupStatement as { Name: string } | undefined;
    return group ? [group.Name] : [];
  });
const distribution = () =>
  (only(stateless, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig ?? {}) as {
    WebACLId: unknown;
    Origins: Origin[];
  };
const secretId = (template: Template) =>
  Object.keys(template.findResources('AWS::SecretsManager::Secret')).find((id) =>
    id.startsWith('OriginVerify'),
  )!;
/** A CloudFormation dynamic reference to the origin secret, at `version` ('' is the current one). */
const secretReference = (template: Template, version = '') => ({
  'Fn::Join': [
    '',
    ['{{resolve:secretsmanager:', { Ref: secretId(template) }, `:SecretString:::${version}}}`],
  ],
});
const headerMatch = (value: unknown) => ({
  ByteMatchStatement: {
    FieldToMatch: { SingleHeader: { Name: ORIGIN_VERIFY_HEADER } },
    PositionalConstraint: 'EXACTLY',
    SearchString: value,
    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
  },
});

/** Every rule and the ACL itself publish CloudWatch metrics; blocks and counts are logged. */
function expectObservable(template: Template, aclId: string, acl: Resource) {
  for (const r of rulesOf(acl)) {
    expect(r.VisibilityConfig, r.Name).toMatchObject({
      CloudWatchMetricsEnabled: true,
      MetricName: r.Name,
    });
  }
  expect(acl.Properties.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true });
  const [, logging] = only(template, 'AWS::WAFv2::LoggingConfiguration');
  expect(logging.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  expect(JSON.stringify(logging.Properties.LoggingFilter)).toContain('"Action":"BLOCK"');
  const groups = Object.entries(template.findResources('AWS::Logs::LogGroup')).filter(([, g]) =>
    String((g as Resource).Properties.LogGroupName).startsWith('aws-waf-logs-'),
  );
  expect(groups).toHaveLength(1);
  expect(JSON.stringify(logging.Properties.LogDestinationConfigs)).toContain(
    `{"Ref":"${groups[0]![0]}"}`,
  );
}

describe('CloudFront web ACL (edge stack, us-east-1)', () => {
  it('lives in us-east-1 with CloudFront scope, and the distribution uses it', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    const [aclId, acl] = only(edge, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    // The ARN crosses regions through CDK's export reader, named after the edge ACL.
    expect(JSON.stringify(distribution().WebACLId)).toContain(`${aclId}Arn`);
    expect(JSON.stringify(distribution().WebACLId)).toContain('ExportsReader');
    edge.resourceCountIs('Custom::CrossRegionExportWriter', 1);
  });

  it('blocks bad reputations, limits each viewer address, and applies AWS managed rules', () => {
    const [, acl] = only(edge, 'AWS::WAFv2::WebACL');
    expect(managedGroups(acl)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const api = rule(acl, 'RateLimitApiPerIp');
    expect(api.Action).toEqual({ Block: {} });
    expect(rateOf(api)).toMatchObject({ AggregateKeyType: 'IP', Limit: RATE_LIMITS.apiPerIp });
    const scope = JSON.stringify(rateOf(api).ScopeDownStatement);
    expect(scope).toContain('"SearchString":"/api/"');
    expect(scope).toContain('"SearchString":"/graphql"');
    const site = rule(acl, 'RateLimitSitePerIp');
    expect(rateOf(site)).toEqual({
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
      Limit: RATE_LIMITS.sitePerIp,
    });
    // The admin's large permission-set PUT must not hit the 8 KB body rule.
    expect(JSON.stringify(rule(acl, 'AWSManagedRulesCommonRuleSet'))).toContain(
      '"ActionToUse":{"Count":{}},"Name":"SizeRestrictions_BODY"',
    );
  });

  it('publishes metrics for every rule and logs what it blocks', () => {
    const [aclId, acl] = only(edge, 'AWS::WAFv2::WebACL');
    expectObservable(edge, aclId, acl);
  });
});

describe('API web ACL (regional): only CloudFront reaches the APIs', () => {
  it('protects the three REST API stages and the AppSync API', () => {
    const [aclId, acl] = only(stateless, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('REGIONAL');
    const targets = Object.values(stateless.findResources('AWS::WAFv2::WebACLAssociation')).map(
      (a) => {
        const props = (a as Resource).Properties;
        expect(props.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
        return JSON.stringify(props.ResourceArn);
      },
    );
    // Every REST API stage, the three of today and any added later.
    const stages = Object.keys(stateless.findResources('AWS::ApiGateway::Stage'));
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const stage of stages) {
      expect(targets.filter((t) => t.includes(`"Ref":"${stage}"`))).toHaveLength(1);
    }
    const [graphqlId] = only(stateless, 'AWS::AppSync::GraphQLApi');
    expect(targets).toContain(JSON.stringify({ 'Fn::GetAtt': [graphqlId, 'Arn'] }));
    expect(targets).toHaveLength(stages.length + 1);
  });

  it('blocks, first, every request without the origin secret CloudFront sends', () => {
    const [, acl] = only(stateless, 'AWS::WAFv2::WebACL');
    const origin = rule(acl, 'RequireCloudFrontOriginHeader');
    expect(origin.Priority).toBe(0);
    expect(origin.Action).toEqual({ Block: {} });
    expect(origin.Statement).toEqual({
      NotStatement: { Statement: headerMatch(secretReference(stateless)) },
    });
  });

  it('adds the secret header, by dynamic reference, to every API origin and not to the bucket', () => {
    const origins = distribution().Origins;
    const apis = origins.filter((o) => !o.S3OriginConfig && !JSON.stringify(o).includes('Site'));
    // Three REST APIs and AppSync today; an API added later must carry the header too.
    expect(apis.length).toBeGreaterThanOrEqual(4);
    for (const origin of apis) {
      expect(origin.OriginCustomHeaders).toEqual([
        { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretReference(stateless) },
      ]);
    }
    const bucket = origins.filter((o) => !apis.includes(o));
    expect(bucket).toHaveLength(1);
    expect(bucket[0]!.OriginCustomHeaders).toBeUndefined();
    // The value is generated by Secrets Manager at deploy time: no secret string in the template.
    stateless.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
    // Operators find it by the stack output the README names.
    expect(Object.keys(stateless.findOutputs('*'))).toContainEqual(
      expect.stringMatching(/^OriginVerifySecretName/),
    );
    const secret = stateless.findResources('AWS::SecretsManager::Secret')[secretId(stateless)] as
      Resource | undefined;
    expect(secret?.Properties.SecretString).toBeUndefined();
  });

  it('keeps a per-viewer backstop limit and the secret out of its logs and AppSync’s', () => {
    const [aclId, acl] = only(stateless, 'AWS::WAFv2::WebACL');
    expect(rateOf(rule(acl, 'RateLimitApiPerViewerIp'))).toMatchObject({
      AggregateKeyType: 'FORWARDED_IP',
      ForwardedIPConfig: { HeaderName: 'X-Forwarded-For', FallbackBehavior: 'NO_MATCH' },
      Limit: RATE_LIMITS.apiPerIp,
    });
    expectObservable(stateless, aclId, acl);
    const [, logging] = only(stateless, 'AWS::WAFv2::LoggingConfiguration');
    expect(logging.Properties.RedactedFields).toContainEqual({
      SingleHeader: { Name: ORIGIN_VERIFY_HEADER },
    });
    stateless.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      LogConfig: { ExcludeVerboseContent: true },
    });
  });

  it('updates the web ACL before the distribution, so a rotated secret is accepted first', () => {
    const [aclId] = only(stateless, 'AWS::WAFv2::WebACL');
    expect(only(stateless, 'AWS::CloudFront::Distribution')[1].DependsOn).toContain(aclId);
  });
});

describe('rotating the origin secret (README)', () => {
  const NEW = '11111111-2222-3333-4444-555555555555';
  const OLD = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';

  it('sends the pinned version and accepts it and the previous one during a rotation', () => {
    const { stacks: rotated } = buildTestApp({
      [ORIGIN_VERIFY_CONTEXT.versionId]: NEW,
      [ORIGIN_VERIFY_CONTEXT.previousVersionId]: OLD,
    });
    const template = Template.fromStack(rotated.stateless);
    const [, acl] = only(template, 'AWS::WAFv2::WebACL');
    expect(rule(acl, 'RequireCloudFrontOriginHeader').Statement).toEqual({
      NotStatement: {
        Statement: {
          OrStatement: {
            Statements: [
              headerMatch(secretReference(template, NEW)),
              headerMatch(secretReference(template, OLD)),
            ],
          },
        },
      },
    });
    const config = (
      only(template, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as {
        Origins: Origin[];
      }
    ).Origins;
    const sent = config.flatMap((o) => o.OriginCustomHeaders ?? []).map((h) => h.HeaderValue);
    expect(sent).toHaveLength(config.length - 1);
    for (const value of sent) expect(value).toEqual(secretReference(template, NEW));
  });

  it('refuses a previous version without the new one, and anything but a version id', () => {
    expect(() => buildTestApp({ [ORIGIN_VERIFY_CONTEXT.previousVersionId]: OLD })).toThrow(
      ORIGIN_VERIFY_CONTEXT.versionId,
    );
    expect(() => buildTestApp({ [ORIGIN_VERIFY_CONTEXT.versionId]: 'x}}:AWSPREVIOUS' })).toThrow(
      /version id/,
    );
  });
});

describe('user pool web ACL (regional, stateful stack)', () => {
  it('shields Cognito’s public API, where the SPA signs in and the code is texted', () => {
    const [aclId, acl] = only(stateful, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('REGIONAL');
    const [, association] = only(stateful, 'AWS::WAFv2::WebACLAssociation');
    const poolId = stacks.stateful.getLogicalId(
      stacks.stateful.identity.userPool.node.defaultChild as never,
    );
    expect(association.Properties).toEqual({
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
    expect(managedGroups(acl)).toEqual(['AWSManagedRulesAmazonIpReputationList']);
    const starts = rateOf(rule(acl, 'RateLimitSignInStartsPerIp'));
    expect(starts).toMatchObject({ AggregateKeyType: 'IP', Limit: RATE_LIMITS.signInStartsPerIp });
    const scope = JSON.stringify(starts.ScopeDownStatement);
    expect(scope).toContain('"SearchString":"AWSCognitoIdentityProviderService.InitiateAuth"');
    expect(scope).toContain('"SearchString":"AWSCognitoIdentityProviderService.SignUp"');
    expect(scope).toContain('"Name":"x-amz-target"');
    expect(rateOf(rule(acl, 'RateLimitUserPoolPerIp'))).toMatchObject({
      Limit: RATE_LIMITS.userPoolPerIp,
    });
    expectObservable(stateful, aclId, acl);
  });
});
