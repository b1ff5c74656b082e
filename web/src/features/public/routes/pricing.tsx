import { PricingPage } from '../pages/pricing-page';

export { PricingPage as Component };
