import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_CSP_SOURCES } from '../../core/analytics';
import { ANALYTICS_ID_CONTEXT } from '../../infra/aws/analytics-context';
import { contentSecurityPolicy } from '../../infra/aws/content-security-policy';
import { nagFindings } from './nag-findings';
import { buildTestApp, sharedTestApp } from './synth';

const GOOGLE_HOSTS = [...ANALYTICS_CSP_SOURCES.script, ...ANALYTICS_CSP_SOURCES.connect];

/**
 * The product app synthesised with `context`: the config.json the deploy writes next to
 * index.html (the bucket deployment's data source), and the site's CSP as CloudFront sends it.
 */
function deployed(context: Record<string, string> = {}) {
  const { app, stacks, outdir } = sharedTestApp(context);
  app.synth();
  const configs = readdirSync(outdir)
    .map((dir) => join(outdir, dir, 'config.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  expect(configs).toHaveLength(1);
  const policies = Template.fromStack(stacks.stateless).findResources(
    'AWS::CloudFront::ResponseHeadersPolicy',
  );
  const csp = JSON.stringify(Object.values(policies).map((p) => p as unknown));
  return { config: configs[0]!, csp };
}

describe('analytics (§7: a tracking id is configured)', () => {
  it('writes the id from the CDK context into config.json and lets Google’s hosts into the CSP', () => {
    const { config, csp } = deployed({ [ANALYTICS_ID_CONTEXT]: 'G-TEST12345' });
    expect(config.analyticsId).toBe('G-TEST12345');
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
    for (const host of GOOGLE_HOSTS) expect(csp).toContain(host);
  });

  it('without an id: no analyticsId in config.json and no Google host in the CSP', () => {
    const { config, csp } = deployed();
    expect(config).not.toHaveProperty('analyticsId');
    expect(config.graphqlUrl).toBe('/graphql');
    expect(csp).toContain("script-src 'self';");
    for (const host of GOOGLE_HOSTS) expect(csp).not.toContain(host);
    expect(csp).not.toContain('google');
  });

  it('refuses a malformed id at synth (a Universal Analytics id is not a GA4 one)', () => {
    expect(() => buildTestApp({ [ANALYTICS_ID_CONTEXT]: 'UA-1234-1' })).toThrow(/analyticsId/);
  });
});

describe('the site CSP with analytics (core/site-delivery.ts)', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);
  const endpoints = {
    region: 'us-east-2',
    appsyncHost: 'abc.appsync-api.us-east-2.amazonaws.com',
    userFilesHost: 'files.s3.us-east-2.amazonaws.com',
  };

  it('adds gtag.js’s host to scripts and the collection hosts to connections and images, nothing else', () => {
    const plain = contentSecurityPolicy(endpoints);
    const csp = contentSecurityPolicy({ ...endpoints, analytics: true });
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(directive(csp, 'connect-src')).toEqual([
      ...directive(plain, 'connect-src')!,
      ...ANALYTICS_CSP_SOURCES.connect,
    ]);
    expect(directive(csp, 'img-src')).toEqual([
      ...directive(plain, 'img-src')!,
      ...ANALYTICS_CSP_SOURCES.img,
    ]);
    const others = (policy: string) =>
      policy.split('; ').filter((d) => !/^(script|connect|img)-src /.test(d));
    expect(others(csp)).toEqual(others(plain));
  });

  it('stays clean under cdk-nag with an id configured', () => {
    const { app, outdir } = sharedTestApp({ [ANALYTICS_ID_CONTEXT]: 'G-TEST12345' });
    expect(nagFindings(app, outdir)).toEqual([]);
  });
});
