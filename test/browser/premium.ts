import type { Page } from 'playwright-core';

/**
 * Premium for the signed-in page's account, through the local Stripe's hosted checkout, as a user
 * subscribes (Free's limits and gates stand in the way of the workspace's Must shows).
 */
export async function subscribeToPremium(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/profile`);
  await page.getByRole('button', { name: 'Subscribe to Premium, billed monthly' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/checkout/cs_'));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL((u) => u.pathname === '/payment-success');
  await page.getByRole('heading', { name: 'Premium is active' }).waitFor({ timeout: 20_000 });
}
