/** The settings feature's public surface, for the routes that compose it (app/). */
export { EmailVerification, EmailVerificationBanner } from './components/email-verification';
export { SettingsPage } from './components/settings-page';
