/** POST /api/billing/portal: the Stripe customer portal of the caller's organization. */
import { api } from '../../../lib/api-client';
import { redirectToExternal } from '../../../lib/external-redirect';
import { ApiError } from '../../../lib/api-error';

/**
 * Opens the portal in the current tab: a tab opened after an awaited request is blocked by most
 * pop-up blockers, and the portal's return link brings the owner back to the settings.
 */
export async function openCustomerPortal(): Promise<void> {
  const session = await api<{ url?: unknown } | undefined>('/billing/portal', { method: 'POST', body: {} });
  if (typeof session?.url !== 'string' || !session.url) throw new ApiError(502, '');
  redirectToExternal(session.url);
}
