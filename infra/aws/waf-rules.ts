import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';

/**
 * Building blocks for the product's WAF web ACLs (web-acl.ts) and the rule sets themselves, so
 * the limits live in one place. Every rule publishes CloudWatch metrics under its own name and
 * keeps sampled requests, so operators can alarm on blocks per rule.
 */
export type WafRule = wafv2.CfnWebACL.RuleProperty;
type Statement = wafv2.CfnWebACL.StatementProperty;

/**
 * Requests per client IP address in WAF's 5-minute window. A page of the SPA costs a handful of
 * API calls (quotes, chart, statements) and its files are few and hashed, so these let a busy
 * office behind one address browse freely while a script hammering the site is blocked.
 */
export const RATE_LIMITS = {
  /** Everything CloudFront serves: pages, files and APIs. */
  sitePerIp: 5_000,
  /** /api/* and /graphql, whose requests reach Lambda (or the cache of the asset API). */
  apiPerIp: 2_000,
  /** Every call to the user pool's public API (sign-in steps, refreshes, profile reads). */
  userPoolPerIp: 500,
  /**
   * Sign-in starts and sign-ups: each sign-in texts at most one code, so this bounds the SMS one
   * address can cause (SMS pumping) to 50 in 5 minutes, well above what people sharing an
   * address need.
   */
  signInStartsPerIp: 50,
} as const;

export const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/**
 * An AWS managed rule group, its rules' own actions kept except `countOnly` (counted and logged,
 * not blocked), the way to switch off one rule that misfires for this product.
 */
export function managedRuleGroup(
  name: string,
  priority: number,
  countOnly: readonly string[] = [],
): WafRule {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(countOnly.length > 0
          ? {
              ruleActionOverrides: countOnly.map((rule) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

export interface RateLimitOptions {
  readonly limit: number;
  /** Only requests matching this count towards the limit (and are blocked past it). */
  readonly scopeDown?: Statement;
  /** Count per address in this header (the first one) instead of the connecting address. */
  readonly forwardedIpHeader?: string;
}

/** Blocks a client address for as long as it sends more than `limit` requests in 5 minutes. */
export function rateLimitPerIp(name: string, priority: number, options: RateLimitOptions): WafRule {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit: options.limit,
        evaluationWindowSec: 300,
        aggregateKeyType: options.forwardedIpHeader ? 'FORWARDED_IP' : 'IP',
        ...(options.forwardedIpHeader
          ? {
              forwardedIpConfig: {
                headerName: options.forwardedIpHeader,
                // A request without the header is not counted (WAF skips it); the edge counts it.
                fallbackBehavior: 'NO_MATCH',
              },
            }
          : {}),
        ...(options.scopeDown ? { scopeDownStatement: options.scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/** Matches when any of the statements does (one statement stands alone: WAF needs 2+ in an Or). */
export const anyOf = (statements: readonly Statement[]): Statement => {
  if (statements.length === 0) throw new Error('anyOf needs at least one statement');
  return statements.length === 1
    ? statements[0]!
    : { orStatement: { statements: [...statements] } };
};

/** The named header (lower-case, as WAF compares names) is exactly `value`. */
export const headerEquals = (name: string, value: string): Statement => ({
  byteMatchStatement: {
    // An `any`-typed CloudFormation property: CDK passes it as written, hence `Name`.
    fieldToMatch: { singleHeader: { Name: name.toLowerCase() } },
    positionalConstraint: 'EXACTLY',
    searchString: value,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const pathStartsWith = (prefix: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** The path prefixes CloudFront sends to the APIs (web-delivery.ts). */
export const API_PATH_PREFIXES = ['/api/', '/graphql'] as const;

/**
 * The CloudFront web ACL: WAF sees the viewer's own address here, so this is where per-IP limits
 * hold (a viewer cannot forge it). Known-bad sources first, then the limits, then AWS's managed
 * rules for common exploits and known bad inputs.
 */
export function edgeRules(): WafRule[] {
  return [
    managedRuleGroup('AWSManagedRulesAmazonIpReputationList', 0),
    rateLimitPerIp('RateLimitApiPerIp', 1, {
      limit: RATE_LIMITS.apiPerIp,
      scopeDown: anyOf(API_PATH_PREFIXES.map(pathStartsWith)),
    }),
    rateLimitPerIp('RateLimitSitePerIp', 2, { limit: RATE_LIMITS.sitePerIp }),
    // SizeRestrictions_BODY stops bodies over 8 KB, but an admin's PUT editorPermissions may
    // carry up to 1,000 identifiers (core/permissions): counted, not blocked.
    managedRuleGroup('AWSManagedRulesCommonRuleSet', 3, ['SizeRestrictions_BODY']),
    managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 4),
  ];
}

/**
 * The regional web ACL of the APIs (REST stages and AppSync): anything without CloudFront's
 * secret origin header is blocked, so the APIs answer only through CloudFront and its web ACL.
 * Managed rule groups are not repeated here: every request that passes has passed them at the
 * edge. The per-IP limit counts the first X-Forwarded-For address, which is the viewer's unless
 * the viewer forged the header (CloudFront appends the real address after it), so it is a
 * backstop only; the edge limit on the connecting address is the one a client cannot dodge.
 */
export function apiRules(origin: {
  readonly headerName: string;
  readonly acceptedValues: readonly string[];
}): WafRule[] {
  return [
    {
      name: 'RequireCloudFrontOriginHeader',
      priority: 0,
      action: { block: {} },
      statement: {
        notStatement: {
          statement: anyOf(origin.acceptedValues.map((v) => headerEquals(origin.headerName, v))),
        },
      },
      visibilityConfig: visibility('RequireCloudFrontOriginHeader'),
    },
    rateLimitPerIp('RateLimitApiPerViewerIp', 1, {
      limit: RATE_LIMITS.apiPerIp,
      forwardedIpHeader: 'X-Forwarded-For',
    }),
  ];
}

/** The user pool's public API operations that start a sign-in (and so, later, a texted code). */
const SIGN_IN_STARTS = ['InitiateAuth', 'SignUp'] as const;

/**
 * The user pool's web ACL. The SPA calls Cognito directly (not through CloudFront), so the SMS
 * code step is only shielded here: known-bad sources, a per-IP limit on all calls and a tighter
 * one on sign-in starts and sign-ups, the operations that end in a text message.
 */
export function userPoolRules(): WafRule[] {
  return [
    managedRuleGroup('AWSManagedRulesAmazonIpReputationList', 0),
    rateLimitPerIp('RateLimitSignInStartsPerIp', 1, {
      limit: RATE_LIMITS.signInStartsPerIp,
      scopeDown: anyOf(
        SIGN_IN_STARTS.map((op) =>
          headerEquals('X-Amz-Target', `AWSCognitoIdentityProviderService.${op}`),
        ),
      ),
    }),
    rateLimitPerIp('RateLimitUserPoolPerIp', 2, { limit: RATE_LIMITS.userPoolPerIp }),
  ];
}
