/** The billing feature's public surface, for the routes that compose it (app/). */
export { CheckoutRedirectError, startCheckout } from './api/start-checkout';
export { rememberCheckoutReturn } from './checkout-return';
export { usePrices } from './api/get-prices';
export { BillingSuccess } from './components/billing-success';
export { PlansPage } from './components/plans-page';
export { SubscriptionTab } from './components/subscription-tab';
export { useSubscriptionConfirmation } from './hooks/use-subscription-confirmation';
export { isSubscriptionActive } from './subscription';
