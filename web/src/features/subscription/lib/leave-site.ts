/**
 * Leaves the SPA for the payment provider's hosted pages (checkout, billing portal): a top-level
 * navigation, as Stripe requires (its pages refuse to be framed). One place, so tests can stand
 * in for the browser's navigation, which jsdom does not have.
 */
export function leaveSiteFor(url: string): void {
  window.location.assign(url);
}
