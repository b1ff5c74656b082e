/** The billing feature's public surface, for the routes that compose it (app/). */
export { CheckoutRedirectError, startCheckout } from './api/start-checkout';
export { usePrices } from './api/get-prices';
export { BillingSuccess } from './components/billing-success';
export { SubscriptionTab } from './components/subscription-tab';
export { useSubscriptionConfirmation } from './hooks/use-subscription-confirmation';
export { isSubscriptionActive } from './subscription';
