export { PlansPage as Component } from '../../features/billing';
