import type { BrowserContext, Page } from 'playwright-core';
import { contentSecurityPolicy } from '../../infra/aws/content-security-policy';

/**
 * The Content-Security-Policy AWS serves (infra/aws), for a test deploy's hosts. CloudFront adds
 * the header in AWS; here each page's document gets it on the way in, instead of the local stack's.
 */
export async function serveProductionCsp(
  context: BrowserContext,
  { analytics = false }: { readonly analytics?: boolean } = {},
): Promise<void> {
  const csp = contentSecurityPolicy({
    region: 'us-east-2',
    appsyncHost: 'example.appsync-api.us-east-2.amazonaws.com',
    userFilesHost: 'user-files.s3.us-east-2.amazonaws.com',
    analytics,
  });
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': csp },
    });
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

/** What the policy blocked on the page so far ("directive blocked-uri" each). */
export const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
