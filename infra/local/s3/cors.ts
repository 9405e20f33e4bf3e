import type { IncomingHttpHeaders } from 'node:http';
import { s3Errors } from './s3-error';

/** One CORS rule of a bucket, as S3's CORSRule: origins may hold one `*` wildcard each. */
export interface CorsRule {
  readonly allowedOrigins: readonly string[];
  readonly allowedMethods: readonly string[];
  readonly allowedHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wildcard = (pattern: string) =>
  new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`, 'i');

const matches = (patterns: readonly string[], value: string) =>
  patterns.some((pattern) => wildcard(pattern).test(value));

/** The first rule that allows the origin, the method and every header asked for (S3's order). */
function ruleFor(
  rules: readonly CorsRule[],
  origin: string,
  method: string,
  headers: readonly string[],
): CorsRule | undefined {
  return rules.find(
    (rule) =>
      matches(rule.allowedOrigins, origin) &&
      rule.allowedMethods.includes(method) &&
      headers.every((header) => matches(rule.allowedHeaders, header)),
  );
}

/** S3's answer headers for an origin a rule allows. */
function allowHeaders(rule: CorsRule, origin: string): Record<string, string> {
  const any = rule.allowedOrigins.includes('*');
  return {
    'access-control-allow-origin': any ? '*' : origin,
    'access-control-allow-methods': rule.allowedMethods.join(', '),
    'access-control-max-age': String(rule.maxAgeSeconds),
    ...(any ? {} : { 'access-control-allow-credentials': 'true' }),
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
}

/**
 * A preflight (OPTIONS) as S3 answers it: the headers to send when a rule allows the origin, the
 * method and the headers asked for; else S3's 403.
 */
export function preflight(
  rules: readonly CorsRule[],
  headers: IncomingHttpHeaders,
): Record<string, string> {
  const origin = headers.origin;
  const method = headers['access-control-request-method'];
  if (typeof origin !== 'string' || typeof method !== 'string') {
    throw s3Errors.invalidArgument(
      'Insufficient information. Origin request header needed, with Access-Control-Request-Method.',
    );
  }
  if (rules.length === 0) throw s3Errors.corsRefused('CORS is not enabled for this bucket.');
  const asked = (headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const rule = ruleFor(rules, origin, method, asked);
  if (!rule) {
    throw s3Errors.corsRefused(
      "This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
    );
  }
  return {
    ...allowHeaders(rule, origin),
    ...(asked.length > 0 ? { 'access-control-allow-headers': asked.join(', ') } : {}),
  };
}

/** The CORS headers of an actual request from a page (none when no rule allows it, as S3). */
export function corsHeaders(
  rules: readonly CorsRule[],
  headers: IncomingHttpHeaders,
  method: string,
): Record<string, string> {
  const origin = headers.origin;
  if (typeof origin !== 'string') return {};
  const rule = ruleFor(rules, origin, method, []);
  return rule ? allowHeaders(rule, origin) : {};
}
