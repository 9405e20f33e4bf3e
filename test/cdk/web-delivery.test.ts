import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPA_REWRITE_FUNCTION, stripPrefixFunction } from '../../infra/aws/spa-rewrite';
import { buildTestApp } from './synth';

let template: Template;

beforeAll(() => {
  template = Template.fromStack(buildTestApp().stacks.stateless);
});

/** Runs CloudFront Function code on a request URI, as the edge would. */
function run(code: string, uri: string): string {
  const handler = new Function(`${code}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

describe('web delivery (CloudFront + S3)', () => {
  it('serves the site bucket through origin access control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Logging: Match.anyValue(),
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
      }),
    });
  });

  it('sends security headers: HSTS ≥ 1 year, CSP, nosniff, frame DENY, referrer policy', () => {
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
    expect(headers.StrictTransportSecurity!.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(
      31_536_000,
    );
    expect(headers.ContentTypeOptions).toBeDefined();
    expect(headers.FrameOptions!.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy!.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(JSON.stringify(headers.ContentSecurityPolicy)).toContain("default-src 'self'");
  });

  it('routes /api/asset/*, /api/subscription/*, /api/admin/* and /graphql to the APIs on the same origin', () => {
    const distribution = Object.values(
      template.findResources('AWS::CloudFront::Distribution'),
    )[0] as { Properties: { DistributionConfig: { CacheBehaviors: { PathPattern: string }[] } } };
    expect(
      distribution.Properties.DistributionConfig.CacheBehaviors.map((b) => b.PathPattern).sort(),
    ).toEqual(['/api/admin/*', '/api/asset/*', '/api/subscription/*', '/graphql']);
  });

  it('rewrites SPA routes (also dotted ones like /stocks/ABC.L) to index.html, not files', () => {
    expect(run(SPA_REWRITE_FUNCTION, '/stocks/ABC.L')).toBe('/index.html');
    expect(run(SPA_REWRITE_FUNCTION, '/admin/settings/users')).toBe('/index.html');
    expect(run(SPA_REWRITE_FUNCTION, '/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(run(SPA_REWRITE_FUNCTION, '/favicon.svg')).toBe('/favicon.svg');
    expect(run(SPA_REWRITE_FUNCTION, '/config.json')).toBe('/config.json');
  });

  it('strips the /api/<name> prefix before the API origin', () => {
    const strip = stripPrefixFunction('/api/asset');
    expect(run(strip, '/api/asset/stocks/profile/ABC')).toBe('/stocks/profile/ABC');
  });

  it('deploys the built SPA and its runtime config.json', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 1);
  });
});
