import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  HASHED_ASSET_CACHE_CONTROL,
  HASHED_ASSETS_DIR,
  PAGE_CACHE_CONTROL,
} from '../../core/site-delivery';
import { contentSecurityPolicy } from '../../infra/aws/content-security-policy';
import { SPA_REWRITE_FUNCTION, stripPrefixFunction } from '../../infra/aws/spa-rewrite';
import { PLACEHOLDER_INDEX_HTML, WebDelivery } from '../../infra/aws/web-delivery';
import { nagFindings } from './nag-findings';

const SCHEMA = fileURLToPath(new URL('../../lambdas/graphql/schema.graphql', import.meta.url));
// AWS managed policies, by their fixed ids.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
// CachingOptimized: min TTL 1 s, default 1 day, max 1 year.
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const TEST_WEB_ACL_ARN =
  'arn:aws:wafv2:us-east-1:123456789012:global/webacl/stand-in/00000000-0000-0000-0000-000000000000';

const dummyRestApi = (stack: Stack, id: string) => {
  const api = new apigateway.RestApi(stack, id, { deployOptions: { stageName: 'prod' } });
  api.root.addMethod('GET', new apigateway.MockIntegration());
  return api;
};

/**
 * WebDelivery alone in a stack, with stand-in APIs and no SPA build (the placeholder page); with
 * `nag`, cdk-nag's AwsSolutions checks run at synth.
 */
function synthesise({ nag = false } = {}) {
  const outdir = mkdtempSync(join(inject('cdkOutputRoot'), 'web-'));
  const app = new App({ outdir });
  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new Stack(app, 'WebTest', { env: { region: 'us-east-2' } });
  new WebDelivery(stack, 'Web', {
    assetApi: dummyRestApi(stack, 'AssetApi'),
    subscriptionApi: dummyRestApi(stack, 'SubscriptionApi'),
    adminQueriesApi: dummyRestApi(stack, 'AdminApi'),
    accountApi: dummyRestApi(stack, 'AccountApi'),
    stripeWebhookApi: dummyRestApi(stack, 'StripeWebhookApi'),
    userFilesBucket: s3.Bucket.fromBucketName(stack, 'UserFiles', 'user-files-test'),
    graphqlApi: new appsync.GraphqlApi(stack, 'Graphql', {
      name: 'test',
      definition: appsync.Definition.fromFile(SCHEMA),
    }),
    runtimeConfig: { region: 'us-east-2', graphqlUrl: '/graphql' },
    distDir: join(outdir, 'no-build-here'),
    webAclId: TEST_WEB_ACL_ARN,
    apiOriginHeaders: { 'x-origin-verify': 'stand-in' },
  });
  return { app, stack, outdir };
}

let template: Template;
let synthed: ReturnType<typeof synthesise>;

beforeAll(() => {
  synthed = synthesise();
  template = Template.fromStack(synthed.stack);
});

/** Runs CloudFront Function code on a request URI, as the edge would. */
function run(code: string, uri: string): string {
  const handler = new Function(`${code}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

type Behaviour = {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: unknown;
  OriginRequestPolicyId?: string;
  AllowedMethods?: string[];
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
  ResponseHeadersPolicyId?: unknown;
};
interface DistributionConfig {
  DefaultCacheBehavior: Behaviour;
  CacheBehaviors: Behaviour[];
  Origins: { Id: string; OriginPath?: string; DomainName: unknown }[];
  CustomErrorResponses?: unknown[];
}
const distribution = () =>
  (
    Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: DistributionConfig };
    }
  ).Properties.DistributionConfig;
const behaviour = (pattern: string) =>
  distribution().CacheBehaviors.find((b) => b.PathPattern === pattern)!;
const originOf = (b: Behaviour) => distribution().Origins.find((o) => o.Id === b.TargetOriginId)!;
/** The inline code of the CloudFront Function a behaviour runs on viewer requests. */
const functionCode = (b: Behaviour): string => {
  const association = b.FunctionAssociations?.find((f) => f.EventType === 'viewer-request');
  const ref = (association?.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return (
    template.toJSON() as { Resources: Record<string, { Properties: { FunctionCode: string } }> }
  ).Resources[ref]!.Properties.FunctionCode;
};

describe('WebDelivery (CloudFront + S3)', () => {
  it('keeps the site bucket private: public access blocked, SSL only, encrypted, access-logged', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'site/' }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      }),
    });
  });

  it('reads the bucket through origin access control, granted to this distribution only', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: Match.arrayWith(['s3:GetObject']),
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      }),
    });
    const s3Origin = originOf(distribution().DefaultCacheBehavior) as unknown as {
      OriginAccessControlId?: unknown;
      S3OriginConfig?: { OriginAccessIdentity?: string };
    };
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig?.OriginAccessIdentity ?? '').toBe('');
  });

  it('serves index.html at the root over HTTPS, with standard logging', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
      }),
    });
  });

  it('has no 403/404 → index.html error responses, so an API 404 stays a 404', () => {
    expect(distribution().CustomErrorResponses ?? []).toEqual([]);
  });

  it('sends HSTS ≥ 1 year with subdomains, the CSP, nosniff, frame DENY and the referrer policy', () => {
    const policies = Object.values(
      template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    ) as {
      Properties: {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: Record<string, Record<string, unknown>>;
        };
      };
    }[];
    expect(policies).toHaveLength(1);
    const headers = policies[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true });
    expect(headers.StrictTransportSecurity!.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(
      365 * 24 * 3600,
    );
    expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
    expect(headers.FrameOptions!.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy!.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain('https://cognito-idp.us-east-2.amazonaws.com');
    // The AppSync host comes from the API's URL at deploy time.
    expect(csp).toContain('Fn::Select');
    // Every behaviour, APIs included, carries the headers.
    for (const b of [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors]) {
      expect(b.ResponseHeadersPolicyId).toBeDefined();
    }
  });

  it('builds the CSP from the endpoints: self, Cognito, AppSync and the user-files bucket, no Stripe host (hosted pages by navigation), nothing inline for scripts', () => {
    const csp = contentSecurityPolicy({
      region: 'us-east-2',
      appsyncHost: 'abc.appsync-api.us-east-2.amazonaws.com',
      userFilesHost: 'files.s3.us-east-2.amazonaws.com',
    });
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://cognito-idp.us-east-2.amazonaws.com',
      'https://abc.appsync-api.us-east-2.amazonaws.com',
      'https://files.s3.us-east-2.amazonaws.com',
    ]);
    expect(directive('frame-src')).toEqual(["'none'"]);
    expect(csp).not.toContain('stripe');
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
  });

  it('routes /api/asset/*, /api/subscription/*, /api/admin/*, /api/account/*, /api/stripe/* and /graphql to their APIs', () => {
    const rest = [
      '/api/account/*',
      '/api/admin/*',
      '/api/asset/*',
      '/api/stripe/*',
      '/api/subscription/*',
    ];
    expect(
      distribution()
        .CacheBehaviors.map((b) => b.PathPattern)
        .sort(),
    ).toEqual([...rest, '/graphql']);
    for (const pattern of rest) {
      // RestApiOrigin: the stage (/prod, cut from the stage URL) is the origin path, and the
      // prefix is stripped at the edge.
      const originPath = JSON.stringify(originOf(behaviour(pattern)).OriginPath);
      expect(originPath).toMatch(/"Fn::Select":\[3,/);
      expect(originPath).toMatch(/DeploymentStageprod/);
      const prefix = pattern.slice(0, -2);
      expect(run(functionCode(behaviour(pattern)), `${prefix}/stocks/quote/ABC`)).toBe(
        '/stocks/quote/ABC',
      );
    }
    expect(JSON.stringify(originOf(behaviour('/graphql')).DomainName)).toContain('GraphQLUrl');
  });

  it('sits behind the given web ACL and adds the origin headers to the API origins only', () => {
    const config = distribution() as DistributionConfig & { WebACLId?: unknown };
    expect(config.WebACLId).toBe(TEST_WEB_ACL_ARN);
    const withHeaders = (o: unknown) =>
      (o as { OriginCustomHeaders?: unknown[] }).OriginCustomHeaders ?? [];
    for (const pattern of ['/api/asset/*', '/api/subscription/*', '/api/admin/*', '/graphql']) {
      expect(withHeaders(originOf(behaviour(pattern)))).toEqual([
        { HeaderName: 'x-origin-verify', HeaderValue: 'stand-in' },
      ]);
    }
    expect(withHeaders(originOf(distribution().DefaultCacheBehavior))).toEqual([]);
  });

  it('caches the asset API as its Cache-Control says, keyed by every query string and no header', () => {
    const asset = behaviour('/api/asset/*');
    expect(asset.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS']);
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          HeadersConfig: { HeaderBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
    const [policyId] = Object.keys(template.findResources('AWS::CloudFront::CachePolicy'));
    expect(asset.CachePolicyId).toEqual({ Ref: policyId });
  });

  it('never caches the authenticated APIs and forwards all viewer headers but Host', () => {
    for (const pattern of ['/api/subscription/*', '/api/admin/*', '/graphql']) {
      expect(behaviour(pattern).CachePolicyId).toBe(CACHING_DISABLED);
      expect(behaviour(pattern).OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(behaviour(pattern).AllowedMethods).toContain('POST');
    }
  });

  it('rewrites SPA routes (dotted ones too) to index.html on the default behaviour only', () => {
    const code = functionCode(distribution().DefaultCacheBehavior);
    expect(code).toBe(SPA_REWRITE_FUNCTION);
    expect(run(code, '/')).toBe('/index.html');
    expect(run(code, '/home')).toBe('/index.html');
    expect(run(code, '/stocks/ABC.L')).toBe('/index.html');
    expect(run(code, '/admin/settings/sheets/US0000000000/edit/3')).toBe('/index.html');
    expect(run(code, '/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(run(code, '/favicon.svg')).toBe('/favicon.svg');
    expect(run(code, '/config.json')).toBe('/config.json');
    // An unknown API path is not a page: it ends as a 404, not as index.html.
    expect(run(code, '/api/unknown/thing')).toBe('/api/unknown/thing');
    expect(run(code, '/graphql')).toBe('/graphql');
    expect(run(stripPrefixFunction('/api/asset'), '/api/asset')).toBe('/');
  });

  it('deploys hashed assets cached for a year, then the pages and config.json revalidated', () => {
    const deployments = template.findResources('Custom::CDKBucketDeployment');
    const props = Object.values(deployments).map(
      (d) => (d as { Properties: Record<string, unknown> }).Properties,
    );
    expect(props).toHaveLength(2);
    const assets = props.find((p) => JSON.stringify(p.Include) === '["assets/*"]')!;
    const pages = props.find((p) => p !== assets)!;
    // The same values the local server answers with (core/site-delivery.ts, spa-middleware.ts).
    expect(assets.SystemMetadata).toEqual({ 'cache-control': HASHED_ASSET_CACHE_CONTROL });
    expect(assets.Exclude).toEqual(['*']);
    expect(pages.SystemMetadata).toEqual({ 'cache-control': PAGE_CACHE_CONTROL });
    expect(pages.Exclude).toEqual([`${HASHED_ASSETS_DIR}/*`]);
    // The build's pages and config.json (its own source, written from the runtime config).
    expect(pages.SourceObjectKeys).toHaveLength(2);
    expect(pages.DistributionPaths).toEqual(['/*']);
    // The site behaviour keeps what the objects say: CachingOptimized honours their Cache-Control
    // up to a year (max TTL), so the edge keeps an asset a year and revalidates a page.
    expect(distribution().DefaultCacheBehavior.CachePolicyId).toBe(CACHING_OPTIMIZED);
  });

  it('deploys a placeholder page when the SPA was not built, so synth works without a build', () => {
    synthed.app.synth();
    const assetDirs = readdirSync(synthed.outdir).filter((d) => d.startsWith('asset.'));
    const pages = assetDirs
      .map((d) => join(synthed.outdir, d, 'index.html'))
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f, 'utf8'));
    expect(pages).toContain(PLACEHOLDER_INDEX_HTML);
  });

  it('passes cdk-nag AwsSolutions (findings acknowledged on the narrowest construct)', () => {
    const { app, outdir } = synthesise({ nag: true });
    expect(ours(nagFindings(app, outdir))).toEqual([]);
  });

  it('would report a finding in the construct (the check can fail)', () => {
    const { app, stack, outdir } = synthesise({ nag: true });
    new s3.Bucket(stack.node.findChild('Web'), 'OpenBucket');
    expect(ours(nagFindings(app, outdir))).toContain(
      'error AwsSolutions-S10 at WebTest/Web/OpenBucket/Resource',
    );
  });
});

/** The findings in the construct and the deployment helper: the stand-in APIs are not under test. */
const ours = (findings: readonly string[]) =>
  findings.filter((f) => / at WebTest\/(Web\/|Custom::CDKBucketDeployment)/.test(f));
