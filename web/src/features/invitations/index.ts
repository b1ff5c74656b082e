/** The invitations feature's public surface, for the routes that compose it (app/). */
export { AcceptInvitationPage, type AcceptInvitationPageProps } from './components/accept-invitation-page';
