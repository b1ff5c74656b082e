import { PricingPage } from '../features/public';

/**
 * Root of /pricing when it is the page first loaded (decision 131): the pricing page alone, without
 * react-router, like / (landing-root.tsx). Its prices come from the shared plans (the ones
 * `stripe:sync` writes to Stripe), so the page needs no API call; its links are plain anchors.
 */
export function Root() {
  return <PricingPage />;
}
