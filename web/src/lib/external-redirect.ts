/**
 * Leaves the app for a page of another site (Stripe Checkout, the customer portal) in the
 * current tab. One function so tests can observe the redirect (jsdom cannot navigate).
 */
export function redirectToExternal(url: string): void {
  window.location.assign(url);
}
