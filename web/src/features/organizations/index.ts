/** The organizations feature's public surface, for the routes that compose it (app/). */
export { OrganizationPage } from './components/organization-page';
