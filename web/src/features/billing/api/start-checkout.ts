/** POST /api/billing/session: a Stripe Checkout session for the organization, then the redirect. */
import { BILLING_TEXTS } from '@vitrine/shared';
import { api } from '../../../lib/api-client';
import { redirectToExternal } from '../../../lib/external-redirect';

export class CheckoutRedirectError extends Error {
  override name = 'CheckoutRedirectError';
  constructor() {
    super(BILLING_TEXTS.errors.redirect);
  }
}

/** `priceId` is the plan's Stripe price id. Resolves once the browser is leaving for Checkout. */
export async function startCheckout(priceId: string, organizationId: string): Promise<void> {
  const session = await api<{ url?: unknown } | undefined>('/billing/session', {
    method: 'POST',
    body: { priceId, organizationId },
  });
  const url = session?.url;
  if (typeof url !== 'string' || !url) throw new CheckoutRedirectError();
  redirectToExternal(url);
}
