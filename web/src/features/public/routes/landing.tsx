import { LandingPage } from '../pages/landing-page';

export { LandingPage as Component };
