import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** Where the browser tests leave screenshots for a person to look at (git-ignored). */
export const ARTIFACTS = 'test/artifacts';

/** `TEST_SCREENSHOTS=1 npm test` keeps every screenshot; otherwise only those of a failed check. */
const keepAll = Boolean(process.env.TEST_SCREENSHOTS);

/**
 * Saves a screenshot of `target` as test/artifacts/<name>.png when screenshots are asked for, or
 * when `failed`: a full-page capture costs a page's worth of rendering, and checks nothing.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { failed = false, fullPage = true }: { failed?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  if (!keepAll && !failed) return;
  await mkdir(ARTIFACTS, { recursive: true });
  const path = `${ARTIFACTS}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}
