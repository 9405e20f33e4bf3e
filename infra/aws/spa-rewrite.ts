/**
 * CloudFront Function code (cloudfront-js-2.0) for the SPA's default behaviour: files of the build
 * (/assets/…, and root files such as /favicon.svg or /config.json) are served as they are; every
 * other path is a route of the SPA and gets /index.html. Routes may contain dots
 * (/stocks/ABC.L), so "has an extension" is not the test.
 *
 * A rewrite rather than 403/404 → index.html error responses: those would apply to every
 * behaviour, turning the APIs' own 404s into 200 HTML. API paths that reach this behaviour (an
 * unknown /api/… prefix) are left alone too, so they end as the bucket's 404, not as a page.
 */
export const SPA_REWRITE_FUNCTION = `
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var isAsset = uri.indexOf('/assets/') === 0;
  var isApi = uri.indexOf('/api/') === 0 || uri === '/api' || uri.indexOf('/graphql') === 0;
  var isRootFile = /^\\/[^\\/]+\\.(svg|ico|png|txt|json|webmanifest|xml)$/.test(uri);
  if (!isAsset && !isApi && !isRootFile) request.uri = '/index.html';
  return request;
}
`;

/** CloudFront Function code that strips a path prefix (/api/asset) before the API origin. */
export function stripPrefixFunction(prefix: string): string {
  return `
function handler(event) {
  var request = event.request;
  var prefix = ${JSON.stringify(prefix)};
  if (request.uri.indexOf(prefix) === 0) request.uri = request.uri.substring(prefix.length) || '/';
  return request;
}
`;
}
