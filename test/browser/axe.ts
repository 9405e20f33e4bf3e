import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe's serious and critical violations on the page as shown, one readable line each ("rule: help
 * (selectors)"), with the rule Lighthouse's accessibility score adds to axe's defaults: target size
 * (WCAG 2.2, 2.5.8), which axe leaves off unless asked. `include` narrows the check to one part of
 * the page. Every browser test checks accessibility through this one helper.
 *
 * Legacy mode runs axe in the page itself. The default mode finishes each run in a new blank page
 * of the context, a step that only matters for cross-origin frames (the product has none), and
 * costs 3 to 5 s a check on this machine against about 1.5 s. Only violations are asked for:
 * axe then keeps one node per passed rule, not every node it checked.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .options({ rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The check in the light scheme, then in the dark one on the same page. The product's colours
 * follow the system's scheme live (CSS light-dark()), so the page is switched rather than loaded
 * again; the background must change, or the dark check would check the light page twice. The
 * page is left in the light scheme. Each violation line says which scheme it was met in.
 */
export async function seriousAxeViolationsLightAndDark(page: Page): Promise<string[]> {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = (await seriousAxeViolations(page)).map((line) => `light: ${line}`);
  const lightBackground = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await expect.poll(background).not.toBe(lightBackground);
    const dark = (await seriousAxeViolations(page)).map((line) => `dark: ${line}`);
    return [...light, ...dark];
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}
