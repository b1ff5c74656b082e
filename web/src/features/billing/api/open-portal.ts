/** POST /api/billing/portal: the Stripe customer portal of the caller's organization. */
import { api } from '../../../lib/api-client';
import { redirectToExternal } from '../../../lib/external-redirect';

/**
 * Opens the portal in the current tab: a tab opened after an awaited request is blocked by most
 * pop-up blockers, and the portal's return link brings the owner back to the settings.
 */
export async function openCustomerPortal(): Promise<void> {
  const session = await api<{ url?: unknown } | undefined>('/billing/portal', { method: 'POST', body: {} });
  // Not an ApiError: the settings then show their default 'Could not open the customer portal.'
  if (typeof session?.url !== 'string' || !session.url) throw new Error('POST /billing/portal answered without a url');
  redirectToExternal(session.url);
}
