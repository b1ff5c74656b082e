export { PricingPage as Component } from '../../features/public';
