export { LandingPage as Component } from '../../features/public';
