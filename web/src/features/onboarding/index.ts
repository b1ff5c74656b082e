/** The onboarding feature's public surface, for the routes that compose it (app/). */
export { OnboardingModal } from './components/onboarding-modal';
export { TutorialModal } from './components/tutorial-modal';
