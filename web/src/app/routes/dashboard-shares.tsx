export { SharesPage as Component } from '../../features/shares';
