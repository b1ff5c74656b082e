/**
 * Remembers, for this tab, that Stripe Checkout just sent the user back with a session id. The
 * subscription becomes active when Stripe's webhook reaches the API, usually seconds after the
 * redirect: until then the dashboard polls the profile instead of showing the onboarding again.
 */
const STORAGE_KEY = 'vitrine.checkoutReturnedAt';

/** How long the dashboard waits for the webhook before offering the onboarding again. */
export const CHECKOUT_CONFIRMATION_WINDOW_MS = 90_000;

export function rememberCheckoutReturn(now = Date.now()): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Storage disabled: the dashboard simply shows the onboarding until the webhook lands.
  }
}

/** Milliseconds left to wait for the webhook, 0 when no checkout return is pending. */
export function checkoutConfirmationRemainingMs(now = Date.now()): number {
  let at = 0;
  try {
    at = Number(sessionStorage.getItem(STORAGE_KEY) ?? 0);
  } catch {
    return 0;
  }
  const remaining = at > 0 ? at + CHECKOUT_CONFIRMATION_WINDOW_MS - now : 0;
  return remaining > 0 && remaining <= CHECKOUT_CONFIRMATION_WINDOW_MS ? remaining : 0;
}

export function forgetCheckoutReturn(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
