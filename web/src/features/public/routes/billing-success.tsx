import { BillingSuccessPage } from '../pages/billing-success-page';

export { BillingSuccessPage as Component };
